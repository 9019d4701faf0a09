/** A group as the booking summaries show it: "2 adults, 1 child". */
export function formatParty(adults: number, children: number): string {
  return `${adults} ${adults === 1 ? 'adult' : 'adults'}, ${children} ${children === 1 ? 'child' : 'children'}`
}
