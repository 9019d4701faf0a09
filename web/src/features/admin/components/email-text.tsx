import {Fragment} from 'react'

/**
 * An email address that wraps only where a reader expects it to (after the @, before a dot) on a narrow screen,
 * rather than mid-word: "anna.walker@" / "example.com", never "anna.wal" / "ker@example.com".
 */
export function EmailText({email}: {email: string}) {
  const parts = email.split(/(?=[.])|(?<=@)/)
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  )
}
