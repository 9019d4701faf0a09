import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'

/**
 * Toasts for the dashboard (a title and a description; errors in the destructive style). Announced
 * through a polite live region, errors through an assertive one, so screen-reader users hear the outcome.
 */
export type Toast = {
  id: number
  title: string
  description: string
  variant: 'default' | 'destructive'
}

type ShowToast = (toast: Omit<Toast, 'id'>) => void

const ToastContext = createContext<ShowToast>(() => {})

export const useToast = () => useContext(ToastContext)

const TOAST_MS = 5_000

export function ToastProvider({children}: {children: ReactNode}) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(1)
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  )
  const show = useCallback<ShowToast>(
    (toast) => {
      const id = next.current++
      setToasts((all) => [...all.slice(-3), {...toast, id}])
      setTimeout(() => dismiss(id), TOAST_MS)
    },
    [dismiss],
  )
  const value = useMemo(() => show, [show])
  const region = (variant: Toast['variant']) => (
    <div
      className="admin-toasts"
      role={variant === 'destructive' ? 'alert' : 'status'}
      aria-live={variant === 'destructive' ? 'assertive' : 'polite'}
      data-variant={variant}
    >
      {toasts
        .filter((t) => t.variant === variant)
        .map((t) => (
          <div key={t.id} className={`admin-toast admin-toast--${t.variant}`} data-testid="toast">
            <div>
              <p className="admin-toast__title">{t.title}</p>
              <p className="admin-toast__description">{t.description}</p>
            </div>
            <button
              type="button"
              className="icon-button"
              aria-label="Dismiss notification"
              onClick={() => dismiss(t.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
    </div>
  )
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="admin-toast-stack">
        {region('default')}
        {region('destructive')}
      </div>
    </ToastContext.Provider>
  )
}
