export type AuditStatus = 'OK' | 'Missing' | 'Page not found' | 'Unknown' | 'PASS' | 'FAIL'

const tone: Record<AuditStatus, 'pass' | 'fail' | 'warn'> = {
  'OK': 'pass',
  'PASS': 'pass',
  'Missing': 'warn',
  'Unknown': 'warn',
  'Page not found': 'fail',
  'FAIL': 'fail',
}

export function StatusBadge({status}: {status: AuditStatus}) {
  return <span className={`status status--${tone[status]}`}>{status}</span>
}
