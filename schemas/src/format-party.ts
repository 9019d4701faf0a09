/** A group as the booking summaries show it: "2 adults, 1 child". */
export function formatParty(adults: number, children: number): string {
  return `${adults} ${adults === 1 ? 'adult' : 'adults'}, ${children} ${children === 1 ? 'child' : 'children'}`
}

/** "2 adults" or "2 adults, 1 child": a group in mails and on the traveller's request page, no empty "0 children". */
export function formatGroupInWords(adults: number, children: number): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  const parts = [count(Math.max(0, adults), 'adult', 'adults')]
  if (children > 0) parts.push(count(children, 'child', 'children'))
  return parts.join(', ')
}
