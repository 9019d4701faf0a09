import {forwardRef} from 'react'

export type FormMessageValue = {title?: string; text: string; variant: 'success' | 'destructive'}

/**
 * The forms' toast: errors in the destructive style as an alert, successes as a status, so screen
 * readers announce both. It stays in the form's flow, near what it is about, rather than floating away.
 */
export const FormMessage = forwardRef<HTMLDivElement, {message: FormMessageValue | null}>(
  function FormMessage({message}, ref) {
    return (
      <div
        ref={ref}
        tabIndex={-1}
        role={message?.variant === 'destructive' ? 'alert' : 'status'}
        className={message ? `toast toast--${message.variant}` : 'visually-hidden'}
      >
        {message ? (
          <>
            {message.title ? <strong>{message.title}</strong> : null} {message.text}
          </>
        ) : null}
      </div>
    )
  },
)
