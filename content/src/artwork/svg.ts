/**
 * Small SVG drawing kit for the seed artwork: seeded randomness, smooth paths and the shapes the scenes share.
 * Everything is deterministic, so the generated images only change when the code does.
 */

export const W = 1600
export const H = 1000

export type Rng = () => number

/** mulberry32: a tiny seeded PRNG. */
export function rng(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function seedOf(name: string): number {
  let h = 2166136261
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return h >>> 0
}

const r1 = (n: number) => Math.round(n * 10) / 10

export type Point = [number, number]

/** A smooth line through points (Catmull-Rom converted to cubic Béziers). */
export function smoothPath(points: Point[]): string {
  if (points.length < 2) return ''
  let d = `M${r1(points[0]![0])},${r1(points[0]![1])}`
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i]!
    const p1 = points[i]!
    const p2 = points[i + 1]!
    const p3 = points[i + 2] ?? p2
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6]
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6]
    d += ` C${r1(c1[0])},${r1(c1[1])} ${r1(c2[0])},${r1(c2[1])} ${r1(p2[0])},${r1(p2[1])}`
  }
  return d
}

/** A filled silhouette: a smooth ridge line closed down to the bottom of the picture. */
export function ridge(points: Point[], fill: string, extra = ''): string {
  const first = points[0]!
  const last = points.at(-1)!
  return `<path d="${smoothPath(points)} L${last[0]},${H} L${first[0]},${H} Z" fill="${fill}" ${extra}/>`
}

export function linearGradient(id: string, stops: [number, string][], vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"'
  return `<linearGradient id="${id}" ${dir}>${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`
}

export function sky(id: string, stops: [number, string][]): string {
  return `<defs>${linearGradient(id, stops)}</defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`
}

export function sun(x: number, y: number, r: number, colour: string, glow = '#ffd9a0'): string {
  return `<defs><radialGradient id="glow${Math.round(x)}${Math.round(y)}"><stop offset="0" stop-color="${glow}" stop-opacity="0.85"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient></defs>
<circle cx="${x}" cy="${y}" r="${r * 4}" fill="url(#glow${Math.round(x)}${Math.round(y)})"/><circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`
}

/**
 * The Cape Town skyline as seen from Table Bay: Devil's Peak, the flat top of Table Mountain, Kloof Nek,
 * Lion's Head and Signal Hill. `x0..x1` is the horizontal span, `base` the foot and `height` the summit height.
 */
export function capeTownMountains(
  x0: number,
  x1: number,
  base: number,
  height: number,
  fill: string,
  extra = '',
): string {
  const profile: Point[] = [
    [0, 0.12],
    [0.06, 0.3],
    [0.12, 0.62],
    [0.155, 0.8],
    [0.175, 0.76],
    [0.2, 0.86],
    [0.235, 0.97],
    [0.26, 1],
    [0.4, 1],
    [0.54, 0.995],
    [0.565, 0.92],
    [0.6, 0.66],
    [0.64, 0.5],
    [0.68, 0.42],
    [0.715, 0.5],
    [0.745, 0.66],
    [0.77, 0.76],
    [0.79, 0.79],
    [0.81, 0.74],
    [0.835, 0.57],
    [0.87, 0.4],
    [0.92, 0.33],
    [0.97, 0.25],
    [1, 0.2],
  ]
  const pts = profile.map(([fx, fy]): Point => [x0 + fx * (x1 - x0), base - fy * height])
  return ridge(pts, fill, extra)
}

/** Rolling hills with a little randomness. */
export function hills(rand: Rng, base: number, amplitude: number, fill: string, count = 6): string {
  const pts: Point[] = []
  for (let i = 0; i <= count; i++)
    pts.push([(i / count) * (W + 200) - 100, base - rand() * amplitude])
  return ridge(pts, fill)
}

/** The sea from `top` down, with soft horizontal wave lines. */
export function sea(
  rand: Rng,
  top: number,
  colours: [string, string],
  waveColour = '#ffffff',
  waves = 28,
): string {
  const id = `sea${Math.round(top)}`
  let out = `<defs>${linearGradient(id, [
    [0, colours[0]],
    [1, colours[1]],
  ])}</defs><rect x="0" y="${top}" width="${W}" height="${H - top}" fill="url(#${id})"/>`
  for (let i = 0; i < waves; i++) {
    const y = top + 8 + Math.pow(rand(), 1.6) * (H - top - 8)
    const len = 30 + rand() * 140 * ((y - top) / (H - top) + 0.3)
    const x = rand() * W
    out += `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x + len)}" y2="${r1(y)}" stroke="${waveColour}" stroke-opacity="${r1(0.12 + rand() * 0.25)}" stroke-width="${r1(1.5 + ((y - top) / (H - top)) * 3)}" stroke-linecap="round"/>`
  }
  return out
}

/** A shimmering sun path on the water. */
export function sunPath(x: number, top: number, colour: string, rand: Rng): string {
  let out = ''
  for (let i = 0; i < 22; i++) {
    const y = top + 6 + i * i * 1.6
    if (y > H) break
    const half = 10 + i * 9 * (0.6 + rand() * 0.6)
    out += `<rect x="${r1(x - half + (rand() - 0.5) * 30)}" y="${r1(y)}" width="${r1(half * 2)}" height="${r1(3 + i * 0.4)}" rx="2" fill="${colour}" opacity="${r1(0.55 - i * 0.02)}"/>`
  }
  return out
}

export function stars(rand: Rng, count: number, maxY: number): string {
  let out = ''
  for (let i = 0; i < count; i++)
    out += `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * maxY)}" r="${r1(0.8 + rand() * 1.8)}" fill="#fff" opacity="${r1(0.3 + rand() * 0.6)}"/>`
  return out
}

export function birds(rand: Rng, count: number, x: number, y: number, colour = '#2b2b3a'): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const bx = x + rand() * 260
    const by = y + rand() * 120
    const s = 8 + rand() * 10
    out += `<path d="M${r1(bx - s)},${r1(by)} q${r1(s / 2)},${r1(-s / 2)} ${r1(s)},0 q${r1(s / 2)},${r1(-s / 2)} ${r1(s)},0" stroke="${colour}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`
  }
  return out
}

/** A walker with a backpack, standing on (x, y). */
export function hiker(x: number, y: number, s: number, colour: string, stick = true): string {
  return `<g fill="${colour}" transform="translate(${r1(x)},${r1(y)}) scale(${s})">
<circle cx="0" cy="-62" r="7"/><path d="M-6,-54 L6,-54 L8,-28 L-5,-28 Z"/><rect x="-13" y="-52" width="9" height="18" rx="3"/>
<path d="M-4,-29 L-10,0 L-5,0 L1,-24 L6,0 L11,0 L5,-29 Z"/>${stick ? '<line x1="9" y1="-44" x2="18" y2="0" stroke="' + colour + '" stroke-width="2"/>' : ''}</g>`
}

/** A Cape Dutch homestead: whitewashed walls, thatch and a curved front gable. */
export function capeDutchHouse(
  x: number,
  y: number,
  s: number,
  wall = '#f5efe2',
  thatch = '#5d4630',
): string {
  return `<g transform="translate(${r1(x)},${r1(y)}) scale(${s})">
<path d="M-150,-60 L-130,-95 L130,-95 L150,-60 Z" fill="${thatch}"/>
<rect x="-150" y="-60" width="300" height="60" fill="${wall}"/>
<path d="M-34,-60 L-34,-105 Q-34,-120 -22,-124 Q-10,-128 -10,-140 Q0,-152 10,-140 Q10,-128 22,-124 Q34,-120 34,-105 L34,-60 Z" fill="${wall}"/>
<rect x="-12" y="-42" width="24" height="42" fill="#3d5a40"/>
${[-110, -75, 55, 90].map((wx) => `<rect x="${wx}" y="-44" width="20" height="26" fill="#3d5a40"/>`).join('')}
<rect x="-7" y="-118" width="14" height="18" fill="#3d5a40"/></g>`
}

/** Rows of vines running towards the horizon. */
export function vineyard(rand: Rng, top: number, ground: string, vine: string, rows = 16): string {
  let out = `<rect x="0" y="${top}" width="${W}" height="${H - top}" fill="${ground}"/>`
  const vx = W * (0.35 + rand() * 0.3)
  for (let i = -rows; i <= rows * 1.4; i++) {
    const xb = vx + i * 130
    out += `<path d="M${r1(vx + i * 6)},${top} L${r1(xb)},${H + 40}" stroke="${vine}" stroke-width="${r1(26 + rand() * 8)}" stroke-linecap="round" opacity="0.92"/>`
  }
  return out
}

/** A row of Bo-Kaap houses: flat roofs, parapets, bright walls, green doors and shutters. */
export function boKaapRow(
  rand: Rng,
  base: number,
  height: number,
  palette: string[],
  x0 = -20,
  x1 = W + 20,
): string {
  let out = ''
  let x = x0
  let i = 0
  while (x < x1) {
    const w = 150 + rand() * 90
    const h = height * (0.78 + rand() * 0.3)
    const wall = palette[i % palette.length]!
    const top = base - h
    out += `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(w)}" height="${r1(h)}" fill="${wall}"/>`
    out += `<rect x="${r1(x - 4)}" y="${r1(top - 14)}" width="${r1(w + 8)}" height="16" fill="${wall}" stroke="#00000022" stroke-width="2"/>`
    out += `<rect x="${r1(x)}" y="${r1(top + 2)}" width="${r1(w)}" height="6" fill="#00000018"/>`
    const door = x + w / 2 - 18
    out += `<rect x="${r1(door)}" y="${r1(base - 78)}" width="36" height="78" fill="#1f4d3a"/><rect x="${r1(door)}" y="${r1(base - 88)}" width="36" height="10" fill="#ffffffaa"/>`
    for (const wx of [x + 18, x + w - 56]) {
      out += `<rect x="${r1(wx)}" y="${r1(top + h * 0.22)}" width="38" height="52" fill="#2e3b4e"/><rect x="${r1(wx - 8)}" y="${r1(top + h * 0.22)}" width="8" height="52" fill="#1f4d3a"/><rect x="${r1(wx + 38)}" y="${r1(top + h * 0.22)}" width="8" height="52" fill="#1f4d3a"/>`
    }
    out += `<rect x="${r1(x)}" y="${r1(base - 6)}" width="${r1(w)}" height="6" fill="#00000030"/>`
    x += w
    i++
  }
  return out
}

/** An African penguin standing on (x, y). */
export function penguin(x: number, y: number, s: number, flip = false): string {
  return `<g transform="translate(${r1(x)},${r1(y)}) scale(${flip ? -s : s},${s})">
<ellipse cx="0" cy="-38" rx="19" ry="38" fill="#1d1f24"/><ellipse cx="3" cy="-32" rx="13" ry="30" fill="#f4f1ea"/>
<path d="M-6,-52 Q4,-47 14,-52" stroke="#1d1f24" stroke-width="3" fill="none"/>
<circle cx="2" cy="-72" r="13" fill="#1d1f24"/><path d="M-6,-76 Q4,-86 12,-70 Q6,-74 -2,-70 Z" fill="#f4f1ea"/>
<path d="M12,-73 L28,-69 L12,-66 Z" fill="#2a2a2a"/><circle cx="6" cy="-75" r="2" fill="#e88f9b"/>
<path d="M-17,-50 Q-30,-28 -22,-12" stroke="#1d1f24" stroke-width="7" fill="none" stroke-linecap="round"/>
<ellipse cx="-6" cy="0" rx="8" ry="3" fill="#2a2a2a"/><ellipse cx="10" cy="0" rx="8" ry="3" fill="#2a2a2a"/></g>`
}

/** A smooth granite boulder. */
export function boulder(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  light: string,
): string {
  return `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(w / 2)}" ry="${r1(h / 2)}" fill="${fill}"/><ellipse cx="${r1(x - w * 0.12)}" cy="${r1(y - h * 0.2)}" rx="${r1(w * 0.3)}" ry="${r1(h * 0.22)}" fill="${light}" opacity="0.55"/>`
}

export function lighthouse(x: number, y: number, s: number, beam = false): string {
  return `<g transform="translate(${r1(x)},${r1(y)}) scale(${s})">
${beam ? '<path d="M0,-118 L-420,-190 L-420,-60 Z" fill="#fff6c8" opacity="0.25"/>' : ''}
<path d="M-16,0 L-10,-100 L10,-100 L16,0 Z" fill="#f7f3ea"/><rect x="-11" y="-70" width="22" height="14" fill="#c8372d"/><rect x="-13" y="-38" width="26" height="14" fill="#c8372d"/>
<rect x="-12" y="-116" width="24" height="16" fill="#2b2b2b"/><rect x="-8" y="-113" width="16" height="10" fill="#ffe27a"/><path d="M-14,-116 L0,-130 L14,-116 Z" fill="#c8372d"/></g>`
}

export function catamaran(
  x: number,
  y: number,
  s: number,
  hull = '#f4f1ea',
  sail = '#fdf6e8',
): string {
  return `<g transform="translate(${r1(x)},${r1(y)}) scale(${s})">
<path d="M-120,0 L120,0 L100,18 L-105,18 Z" fill="${hull}"/><rect x="-90" y="-16" width="150" height="16" fill="${hull}" opacity="0.9"/>
<line x1="0" y1="-16" x2="0" y2="-230" stroke="#3b3b3b" stroke-width="4"/>
<path d="M4,-225 L95,-22 L4,-22 Z" fill="${sail}"/><path d="M-4,-205 L-80,-26 L-4,-26 Z" fill="${sail}" opacity="0.85"/></g>`
}

export function musicNote(x: number, y: number, s: number, colour: string, double = false): string {
  return `<g transform="translate(${r1(x)},${r1(y)}) scale(${s})" fill="${colour}">
<ellipse cx="0" cy="0" rx="14" ry="10" transform="rotate(-20)"/><rect x="10" y="-70" width="5" height="68"/>
${double ? '<ellipse cx="50" cy="-10" rx="14" ry="10" transform="rotate(-20 50 -10)"/><rect x="60" y="-80" width="5" height="68"/><path d="M10,-70 L65,-80 L65,-66 L10,-56 Z"/>' : '<path d="M15,-70 Q40,-55 32,-30 Q30,-48 15,-52 Z"/>'}</g>`
}

/** A saxophone silhouette. */
export function saxophone(x: number, y: number, s: number, colour: string): string {
  return `<g transform="translate(${r1(x)},${r1(y)}) scale(${s}) rotate(-12)" fill="none" stroke="${colour}" stroke-linecap="round" stroke-linejoin="round">
<path d="M0,-260 L0,-60 Q0,20 70,20 Q120,20 130,-40 L140,-80" stroke-width="34"/>
<path d="M125,-70 L175,-110" stroke-width="58"/><path d="M0,-258 Q-10,-300 -50,-300 L-80,-290" stroke-width="12"/>
${[-220, -180, -140, -100].map((ky) => `<circle cx="-24" cy="${ky}" r="8" fill="${colour}" stroke="none"/>`).join('')}</g>`
}

/** A city block silhouette with lit windows. */
export function cityBlocks(
  rand: Rng,
  base: number,
  maxH: number,
  fill: string,
  windowColour: string,
  litShare = 0.45,
): string {
  let out = ''
  let x = -10
  while (x < W + 10) {
    const w = 60 + rand() * 120
    const h = maxH * (0.3 + rand() * 0.7)
    out += `<rect x="${r1(x)}" y="${r1(base - h)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"/>`
    for (let wy = base - h + 16; wy < base - 14; wy += 26)
      for (let wx = x + 10; wx < x + w - 16; wx += 22)
        if (rand() < litShare)
          out += `<rect x="${r1(wx)}" y="${r1(wy)}" width="10" height="14" fill="${windowColour}" opacity="${r1(0.55 + rand() * 0.45)}"/>`
    x += w + rand() * 8
  }
  return out
}

/** A market stall with a striped awning. */
export function stall(
  x: number,
  y: number,
  w: number,
  colours: [string, string],
  goods: string[],
  rand: Rng,
): string {
  const stripes = 8
  let out = `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="130" fill="#7a5a3c"/>`
  for (let i = 0; i < stripes; i++)
    out += `<path d="M${r1(x + (i * w) / stripes)},${r1(y - 70)} h${r1(w / stripes)} v60 q${r1(-w / stripes / 2)},24 ${r1(-w / stripes)},0 Z" fill="${colours[i % 2]}"/>`
  out += `<rect x="${r1(x + 6)}" y="${r1(y - 10)}" width="8" height="140" fill="#4a3727"/><rect x="${r1(x + w - 14)}" y="${r1(y - 10)}" width="8" height="140" fill="#4a3727"/>`
  for (let i = 0; i < Math.floor(w / 26); i++)
    out += `<circle cx="${r1(x + 18 + i * 26)}" cy="${r1(y + 14 + rand() * 6)}" r="${r1(11 + rand() * 4)}" fill="${goods[i % goods.length]}"/>`
  return out
}

export function stringLights(
  rand: Rng,
  x0: number,
  x1: number,
  y: number,
  sag: number,
  colour = '#ffd98a',
): string {
  let out = `<path d="M${x0},${y} Q${(x0 + x1) / 2},${y + sag * 2} ${x1},${y}" stroke="#2a2a2a" stroke-width="2" fill="none"/>`
  const n = Math.floor((x1 - x0) / 40)
  for (let i = 1; i < n; i++) {
    const t = i / n
    const bx = x0 + (x1 - x0) * t
    const by = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * (y + sag * 2) + t * t * y
    out += `<circle cx="${r1(bx)}" cy="${r1(by + 8)}" r="${r1(5 + rand() * 2)}" fill="${colour}"/><circle cx="${r1(bx)}" cy="${r1(by + 8)}" r="16" fill="${colour}" opacity="0.18"/>`
  }
  return out
}

export function svgDocument(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`
}
