/**
 * One scene per seed image. Each scene is an original, code-drawn picture of its subject, for editors to replace
 * with photographs. Names are the image file names without `.jpg`.
 */
import {
  H,
  W,
  birds,
  boKaapRow,
  boulder,
  capeDutchHouse,
  capeTownMountains,
  catamaran,
  cityBlocks,
  hiker,
  hills,
  lighthouse,
  linearGradient,
  musicNote,
  penguin,
  ridge,
  rng,
  saxophone,
  sea,
  seedOf,
  sky,
  stall,
  stars,
  stringLights,
  sun,
  sunPath,
  svgDocument,
  vineyard,
  type Point,
  type Rng,
} from './svg.ts'

type Scene = (rand: Rng) => string

const BO_KAAP = [
  '#f2c14e',
  '#e4572e',
  '#5bc0be',
  '#9b5de5',
  '#f15bb5',
  '#00bbf9',
  '#7ac74f',
  '#ff924c',
]

function sunsetHike(rand: Rng): string {
  return [
    sky('s', [
      [0, '#2d1e4f'],
      [0.45, '#c8553d'],
      [0.75, '#f4a259'],
      [1, '#f8d49b'],
    ]),
    sun(330, 620, 46, '#ffe3a3'),
    sea(rand, 650, ['#f0a868', '#5b3a5e'], '#ffe3b0', 20),
    sunPath(330, 650, '#ffd38a', rand),
    // Lion's Head, close: a dome with a rocky crown and a spiral path.
    ridge(
      [
        [560, 1000],
        [700, 720],
        [860, 470],
        [960, 330],
        [1030, 250],
        [1080, 235],
        [1130, 265],
        [1230, 420],
        [1380, 640],
        [1560, 820],
        [1700, 900],
      ],
      '#3a2340',
    ),
    ridge(
      [
        [980, 1000],
        [1100, 820],
        [1250, 700],
        [1400, 690],
        [1600, 760],
        [1700, 800],
      ],
      '#26172c',
    ),
    `<path d="M860,900 Q1000,760 1150,700 Q1250,650 1190,560 Q1120,480 1080,420" stroke="#f4a259" stroke-opacity="0.35" stroke-width="5" fill="none" stroke-dasharray="12 10"/>`,
    hiker(1062, 238, 1.1, '#1a0f1e'),
    hiker(1108, 250, 1.0, '#1a0f1e'),
    hiker(1150, 285, 0.95, '#1a0f1e', false),
    birds(rand, 4, 420, 260, '#3a2340'),
  ].join('')
}

function tableMountainDay(
  rand: Rng,
  opts: {cableCar?: boolean; tablecloth?: boolean; city?: boolean},
): string {
  return [
    sky('s', [
      [0, '#6fb1e0'],
      [0.6, '#bfe1f2'],
      [1, '#eef6f0'],
    ]),
    sun(1380, 170, 40, '#fff7d6', '#fffbe8'),
    capeTownMountains(-40, 1640, 720, 420, '#56708a'),
    opts.tablecloth
      ? `<path d="M360,300 Q420,250 520,270 Q620,230 720,262 Q820,226 920,262 Q1000,250 1010,300 L1000,330 Q900,310 800,334 Q680,312 560,336 Q450,318 370,332 Z" fill="#ffffff" opacity="0.92"/><path d="M420,330 Q440,400 470,440 M600,336 Q610,420 640,470 M820,334 Q830,400 860,450" stroke="#ffffff" stroke-width="26" stroke-linecap="round" opacity="0.5"/>`
      : '',
    opts.cableCar
      ? `<line x1="560" y1="300" x2="700" y2="640" stroke="#2b2b2b" stroke-width="2"/><g transform="translate(620,445)"><rect x="-14" y="0" width="28" height="22" rx="5" fill="#c8372d"/><line x1="0" y1="0" x2="0" y2="-10" stroke="#2b2b2b" stroke-width="2"/></g>`
      : '',
    hills(rand, 760, 60, '#5f7f55', 8),
    opts.city
      ? cityBlocks(rand, 860, 160, '#e9e4d8', '#7e94a8', 0.3)
      : hills(rand, 860, 50, '#4f6d46', 7),
    opts.city
      ? `<rect x="0" y="860" width="${W}" height="140" fill="#3d6f8f"/>` +
        sea(rand, 860, ['#3d7fa6', '#245a7a'], '#ffffff', 26)
      : '',
    ridge(
      [
        [-100, 990],
        [300, 930],
        [700, 960],
        [1100, 920],
        [1500, 960],
        [1700, 940],
      ],
      '#2f4a2b',
    ),
  ].join('')
}

function winelands(rand: Rng, autumn = false, golden = false): string {
  const vine = autumn ? '#b5651d' : '#5a8f3c'
  return [
    sky(
      's',
      golden
        ? [
            [0, '#e9a86a'],
            [1, '#fbe6c2'],
          ]
        : autumn
          ? [
              [0, '#8fb8de'],
              [1, '#f4e1c1'],
            ]
          : [
              [0, '#79b4e3'],
              [1, '#e8f1e0'],
            ],
    ),
    golden ? sun(300, 330, 46, '#fff0c0', '#ffd79a') : sun(1250, 200, 42, '#fff4c9', '#fff8de'),
    ridge(
      [
        [-100, 560],
        [150, 420],
        [320, 300],
        [420, 250],
        [520, 290],
        [700, 380],
        [900, 330],
        [1100, 230],
        [1240, 210],
        [1400, 300],
        [1700, 420],
      ],
      '#6e7fa3',
    ),
    hills(rand, 600, 80, '#7c9a6a', 6),
    vineyard(rand, 600, autumn ? '#c9934e' : '#8fb065', vine, 14),
    capeDutchHouse(1180, 640, 0.9),
    `<g>${[1010, 1060, 1330, 1380].map((x) => `<ellipse cx="${x}" cy="${585 - (x % 3) * 6}" rx="26" ry="60" fill="#2f5a32"/>`).join('')}</g>`,
    birds(rand, 3, 420, 170, '#3b3b4f'),
  ].join('')
}

function boKaapStreet(rand: Rng, withFood: boolean): string {
  return [
    sky(
      's',
      withFood
        ? [
            [0, '#7cc6f2'],
            [1, '#e6f5fb'],
          ]
        : [
            [0, '#f3b47c'],
            [1, '#fde8cc'],
          ],
    ),
    withFood
      ? // Signal Hill behind the quarter.
        ridge(
          [
            [-100, 420],
            [300, 330],
            [700, 280],
            [1000, 300],
            [1300, 250],
            [1700, 330],
          ],
          '#8aa476',
        )
      : // Lion's Head rising behind the top of Wale Street in the late afternoon.
        ridge(
          [
            [-100, 470],
            [300, 420],
            [700, 300],
            [900, 140],
            [1000, 110],
            [1100, 150],
            [1300, 330],
            [1700, 420],
          ],
          '#7f6a7e',
        ),
    boKaapRow(rand, 800, 420, withFood ? BO_KAAP : [...BO_KAAP].reverse()),
    `<rect x="0" y="800" width="${W}" height="200" fill="#8d8a86"/><rect x="0" y="800" width="${W}" height="16" fill="#b8b2a8"/>`,
    Array.from(
      {length: 14},
      (_, i) =>
        `<rect x="${i * 120}" y="${880 + (i % 2) * 4}" width="100" height="8" fill="#a9a49c"/>`,
    ).join(''),
    withFood
      ? `<g transform="translate(800,905)"><ellipse cx="0" cy="0" rx="150" ry="26" fill="#6b4a2f"/><ellipse cx="-60" cy="-10" rx="42" ry="14" fill="#f0a24a"/><ellipse cx="50" cy="-12" rx="46" ry="15" fill="#d8572a"/><path d="M-60,-30 q10,-30 0,-60 M50,-34 q-12,-30 0,-64" stroke="#ffffff" stroke-width="6" opacity="0.5" fill="none" stroke-linecap="round"/></g>`
      : '',
    `<line x1="0" y1="300" x2="${W}" y2="300" stroke="#00000000"/>`,
  ].join('')
}

function jazzNight(rand: Rng, stage: boolean): string {
  return [
    sky('s', [
      [0, '#0d0b26'],
      [0.55, '#3b1f5c'],
      [0.85, '#b0445a'],
      [1, '#f08a5d'],
    ]),
    stars(rand, 90, 450),
    `<circle cx="1330" cy="160" r="46" fill="#f7efd9" opacity="0.95"/>`,
    capeTownMountains(-60, 1660, 660, 300, '#1d1536'),
    cityBlocks(rand, 860, 300, '#151029', '#ffc86b', 0.5),
    `<rect x="0" y="860" width="${W}" height="140" fill="#0c0918"/>`,
    stage
      ? `<path d="M300,860 L520,380 L740,860 Z" fill="#ffd98a" opacity="0.12"/><path d="M860,860 L1080,380 L1300,860 Z" fill="#ff9ecf" opacity="0.12"/>`
      : '',
    saxophone(520, 780, 1.25, '#f2b84b'),
    musicNote(900, 420, 1.3, '#f2b84b', true),
    musicNote(1120, 330, 1.0, '#ff9ecf'),
    musicNote(760, 260, 0.9, '#8fd3ff'),
    musicNote(1260, 520, 1.1, '#f2b84b', true),
    // Piano keys along the foot.
    Array.from(
      {length: 40},
      (_, i) => `<rect x="${i * 40}" y="940" width="38" height="60" fill="#f4efe6"/>`,
    ).join('') +
      Array.from({length: 40}, (_, i) =>
        [0, 1, 3, 4, 5].includes(i % 7)
          ? `<rect x="${i * 40 + 26}" y="940" width="24" height="36" fill="#111"/>`
          : '',
      ).join(''),
  ].join('')
}

function waterfrontNight(rand: Rng): string {
  // The V&A Waterfront after dark: harbour lights, the big wheel and Table Mountain floodlit behind.
  const spokes = Array.from({length: 16}, (_, i) => {
    const a = (i * Math.PI) / 8
    return `<line x1="0" y1="0" x2="${(Math.cos(a) * 170).toFixed(1)}" y2="${(Math.sin(a) * 170).toFixed(1)}" stroke="#f7d6ff" stroke-width="3" opacity="0.8"/><circle cx="${(Math.cos(a) * 170).toFixed(1)}" cy="${(Math.sin(a) * 170).toFixed(1)}" r="9" fill="#ffd98a"/>`
  }).join('')
  return [
    sky('s', [
      [0, '#0b1030'],
      [0.7, '#2c2a5a'],
      [1, '#5b3d6b'],
    ]),
    stars(rand, 70, 380),
    capeTownMountains(-60, 1660, 600, 330, '#3a4a78', 'opacity="0.95"'),
    cityBlocks(rand, 660, 150, '#1a1838', '#ffd27a', 0.55),
    `<g transform="translate(1180,440)"><circle r="170" fill="none" stroke="#f15bb5" stroke-width="6"/>${spokes}<circle r="16" fill="#f7d6ff"/><path d="M0,0 L-90,230 M0,0 L90,230" stroke="#cfcfe8" stroke-width="8"/></g>`,
    sea(rand, 680, ['#23244a', '#0b0c22'], '#ffd27a', 60),
    musicNote(360, 330, 1.2, '#f2b84b', true),
    musicNote(620, 250, 0.9, '#8fd3ff'),
    `<rect x="0" y="930" width="${W}" height="70" fill="#15132b"/>`,
    stringLights(rand, 0, 1600, 900, 20),
  ].join('')
}

function penguinsOnBoulders(rand: Rng, close: boolean): string {
  const penguins: string[] = []
  const count = close ? 7 : 11
  for (let i = 0; i < count; i++) {
    const x = 180 + (i / count) * 1250 + rand() * 60
    const y = close ? 800 + rand() * 90 : 760 + rand() * 70
    penguins.push(penguin(x, y, close ? 1.6 + rand() * 0.4 : 1.0 + rand() * 0.3, rand() > 0.5))
  }
  return [
    sky('s', [
      [0, '#8cc9ec'],
      [1, '#e9f6fb'],
    ]),
    close
      ? ''
      : ridge(
          [
            [-100, 440],
            [200, 380],
            [420, 330],
            [600, 350],
            [800, 420],
            [1100, 440],
            [1700, 460],
          ],
          '#7f93a3',
        ),
    close ? '' : lighthouse(420, 338, 0.9),
    sea(rand, 470, ['#2fb6c1', '#0f6f8a'], '#ffffff', 34),
    `<path d="M0,${close ? 740 : 720} Q400,${close ? 690 : 700} 800,${close ? 720 : 710} T1600,${close ? 700 : 705} L1600,1000 L0,1000 Z" fill="#efe3c6"/>`,
    boulder(230, 760, 420, 230, '#8e8a84', '#c9c4bb'),
    boulder(1350, 720, 520, 300, '#7e7a74', '#bdb8ae'),
    boulder(760, 690, 300, 160, '#9a958d', '#d2ccc2'),
    ...penguins,
    birds(rand, 3, 1000, 140, '#4a5566'),
  ].join('')
}

function capePoint(rand: Rng): string {
  return [
    sky('s', [
      [0, '#5ea3d6'],
      [1, '#dbeef7'],
    ]),
    sea(rand, 560, ['#2a7fb0', '#0d3f63'], '#ffffff', 40),
    ridge(
      [
        [-100, 1000],
        [100, 620],
        [300, 460],
        [480, 330],
        [560, 300],
        [640, 330],
        [760, 470],
        [900, 620],
        [1100, 780],
        [1300, 1000],
      ],
      '#6f7f5a',
    ),
    ridge(
      [
        [-100, 1000],
        [150, 760],
        [400, 660],
        [650, 700],
        [900, 860],
        [1100, 1000],
      ],
      '#4f5f3f',
    ),
    lighthouse(560, 306, 1.3, true),
    `<path d="M900,640 Q960,700 1040,760" stroke="#ffffff" stroke-opacity="0.6" stroke-width="10" fill="none"/>`,
    birds(rand, 5, 980, 200, '#33405a'),
  ].join('')
}

function sunsetCruise(rand: Rng): string {
  return [
    sky('s', [
      [0, '#3a2a6b'],
      [0.5, '#e06c5a'],
      [0.8, '#f7b267'],
      [1, '#fde0a6'],
    ]),
    sun(1380, 560, 52, '#ffe7ad'),
    capeTownMountains(-80, 1180, 600, 260, '#4b2f5a', 'opacity="0.9"'),
    sea(rand, 600, ['#e88a5f', '#3b2a55'], '#ffe3b0', 30),
    sunPath(1380, 600, '#ffd59a', rand),
    catamaran(700, 760, 1.35),
    birds(rand, 4, 1180, 300, '#3a2a55'),
  ].join('')
}

function robbenIsland(rand: Rng): string {
  return [
    sky('s', [
      [0, '#8db6d6'],
      [1, '#e9eff2'],
    ]),
    `<ellipse cx="420" cy="180" rx="220" ry="40" fill="#ffffff" opacity="0.7"/><ellipse cx="560" cy="160" rx="160" ry="34" fill="#ffffff" opacity="0.6"/>`,
    sea(rand, 520, ['#4f8fb3', '#1e4d6b'], '#ffffff', 36),
    `<path d="M500,520 Q700,492 900,496 Q1100,490 1300,512 L1300,522 L500,522 Z" fill="#6c7a58"/>`,
    lighthouse(1010, 500, 0.55),
    `<rect x="760" y="484" width="60" height="14" fill="#d8d2c4"/><rect x="840" y="486" width="40" height="12" fill="#d8d2c4"/>`,
    // The ferry in the foreground.
    `<g transform="translate(330,780)"><path d="M-200,0 L220,0 L180,60 L-170,60 Z" fill="#f4f1ea"/><rect x="-150" y="-50" width="280" height="50" fill="#f4f1ea"/><rect x="-130" y="-40" width="240" height="18" fill="#2e4a62"/><rect x="-60" y="-90" width="120" height="40" fill="#f4f1ea"/><rect x="-50" y="-82" width="100" height="14" fill="#2e4a62"/><rect x="-170" y="30" width="350" height="8" fill="#c8372d"/></g>`,
    `<path d="M120,850 Q330,830 560,850" stroke="#ffffff" stroke-width="8" opacity="0.5" fill="none"/>`,
    birds(rand, 4, 1100, 250, '#3b4a5a'),
  ].join('')
}

function spiceTable(rand: Rng): string {
  const spices = [
    '#d9822b',
    '#b7410e',
    '#f2c14e',
    '#7a3b1d',
    '#9c6644',
    '#e0a458',
    '#6a994e',
    '#c1121f',
    '#f4d35e',
  ]
  let bowls = ''
  for (let i = 0; i < 9; i++) {
    const x = 240 + (i % 5) * 280 + (Math.floor(i / 5) ? 140 : 0) + rand() * 30
    const y = 300 + Math.floor(i / 5) * 330 + rand() * 30
    const r = 80 + rand() * 30
    bowls += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(r + 14).toFixed(1)}" fill="#f3ece0"/><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${spices[i]}"/>`
    for (let k = 0; k < 24; k++)
      bowls += `<circle cx="${(x + (rand() - 0.5) * r * 1.4).toFixed(1)}" cy="${(y + (rand() - 0.5) * r * 1.4).toFixed(1)}" r="${(2 + rand() * 3).toFixed(1)}" fill="#00000033"/>`
  }
  return [
    `<defs>${linearGradient(
      'wood',
      [
        [0, '#8a5a36'],
        [1, '#5e3b22'],
      ],
      false,
    )}</defs><rect width="${W}" height="${H}" fill="url(#wood)"/>`,
    Array.from(
      {length: 12},
      (_, i) =>
        `<line x1="0" y1="${i * 90 + 20}" x2="${W}" y2="${i * 90 + 40}" stroke="#4a2e1a" stroke-opacity="0.35" stroke-width="3"/>`,
    ).join(''),
    bowls,
    // Star anise and cinnamon sticks.
    `<g transform="translate(1440,880) rotate(20)">${Array.from({length: 8}, (_, i) => `<ellipse cx="0" cy="-22" rx="9" ry="24" fill="#5b2c12" transform="rotate(${i * 45})"/>`).join('')}</g>`,
    `<rect x="80" y="860" width="260" height="26" rx="13" fill="#a0522d" transform="rotate(-8 210 873)"/><rect x="90" y="900" width="240" height="24" rx="12" fill="#8b4513" transform="rotate(-6 210 912)"/>`,
  ].join('')
}

function bespokeMap(rand: Rng): string {
  const pins: Point[] = [
    [260, 720],
    [520, 560],
    [760, 640],
    [980, 460],
    [1220, 560],
    [1400, 360],
  ]
  let route = `M${pins[0]![0]},${pins[0]![1]}`
  for (let i = 1; i < pins.length; i++) {
    const [x, y] = pins[i]!
    const [px, py] = pins[i - 1]!
    route += ` Q${(px + x) / 2},${Math.min(py, y) - 120} ${x},${y}`
  }
  return [
    sky('s', [
      [0, '#f7e7c6'],
      [1, '#f2d6a2'],
    ]),
    hills(rand, 520, 120, '#e8c98f', 6),
    hills(rand, 700, 120, '#d9b173', 7),
    hills(rand, 880, 100, '#c99a5b', 8),
    `<path d="${route}" stroke="#7a2e1f" stroke-width="6" stroke-dasharray="4 16" stroke-linecap="round" fill="none"/>`,
    pins
      .map(
        ([x, y], i) =>
          `<g transform="translate(${x},${y})"><path d="M0,0 C-26,-36 -30,-54 -30,-64 A30,30 0 1 1 30,-64 C30,-54 26,-36 0,0 Z" fill="${['#e4572e', '#1f4d3a', '#f2c14e', '#5bc0be', '#9b5de5', '#c8372d'][i]}"/><circle cx="0" cy="-64" r="11" fill="#fff8ec"/></g>`,
      )
      .join(''),
    `<g transform="translate(1420,820)" stroke="#7a2e1f" stroke-width="4" fill="none"><circle r="70"/><path d="M0,-90 L0,90 M-90,0 L90,0"/><path d="M0,-70 L14,0 L0,70 L-14,0 Z" fill="#7a2e1f"/></g>`,
  ].join('')
}

function woodstockMural(rand: Rng): string {
  let bricks = ''
  for (let y = 0; y < 860; y += 40)
    for (let x = (y / 40) % 2 ? -60 : 0; x < W; x += 120)
      bricks += `<rect x="${x}" y="${y}" width="116" height="36" fill="#9c5b45" opacity="${(0.75 + rand() * 0.25).toFixed(2)}"/>`
  return [
    `<rect width="${W}" height="${H}" fill="#6f3a2c"/>`,
    bricks,
    // The mural: a big sun, a protea and a face in profile, in flat bold colour.
    `<rect x="180" y="90" width="1240" height="690" rx="12" fill="#1f6f78"/>`,
    `<circle cx="520" cy="420" r="230" fill="#f2c14e"/><circle cx="520" cy="420" r="150" fill="#e4572e"/>`,
    `<g transform="translate(1040,470)">${Array.from({length: 14}, (_, i) => `<path d="M0,0 Q-40,-150 0,-250 Q40,-150 0,0 Z" fill="${i % 2 ? '#f15bb5' : '#ff8fab'}" transform="rotate(${-90 + i * 13})"/>`).join('')}<circle r="70" fill="#fbe7c6"/><circle r="40" fill="#e9c46a"/></g>`,
    `<path d="M250,760 C250,600 330,560 300,470 C280,410 330,340 400,360 C380,420 420,450 410,520 C400,600 470,650 470,760 Z" fill="#14213d"/>`,
    Array.from(
      {length: 40},
      () =>
        `<circle cx="${(200 + rand() * 1200).toFixed(0)}" cy="${(110 + rand() * 650).toFixed(0)}" r="${(4 + rand() * 10).toFixed(1)}" fill="${['#ffffff', '#f2c14e', '#5bc0be'][Math.floor(rand() * 3)]}" opacity="0.8"/>`,
    ).join(''),
    `<rect x="0" y="860" width="${W}" height="140" fill="#5d5a56"/><rect x="0" y="860" width="${W}" height="10" fill="#8a857e"/>`,
    // A painter on a ladder.
    `<g transform="translate(1300,860)"><path d="M-40,0 L0,-300 M40,0 L0,-300" stroke="#d9d9d9" stroke-width="8"/>${[-60, -120, -180, -240].map((y) => `<line x1="${-40 - y * 0.133}" y1="${y}" x2="${40 + y * 0.133}" y2="${y}" stroke="#d9d9d9" stroke-width="6"/>`).join('')}</g>`,
    hiker(1300, 620, 1.4, '#14213d', false),
  ].join('')
}

function biscuitMill(rand: Rng): string {
  return [
    sky('s', [
      [0, '#9fd0f0'],
      [1, '#f3efe4'],
    ]),
    // The old mill: brick building and chimney.
    `<rect x="180" y="260" width="1240" height="420" fill="#a0553b"/><rect x="1240" y="80" width="70" height="260" fill="#8a4530"/><rect x="1232" y="74" width="86" height="20" fill="#6d3524"/>`,
    Array.from(
      {length: 10},
      (_, i) =>
        `<rect x="${230 + i * 118}" y="320" width="70" height="110" rx="35" fill="#2f3a44"/><rect x="${230 + i * 118}" y="470" width="70" height="110" fill="#2f3a44"/>`,
    ).join(''),
    `<rect x="180" y="240" width="1240" height="24" fill="#7a3a27"/>`,
    `<rect x="0" y="680" width="${W}" height="320" fill="#c9bfae"/>`,
    stringLights(rand, 60, 1540, 600, 40),
    stall(120, 760, 300, ['#e4572e', '#fff8ec'], ['#f2c14e', '#7ac74f', '#e4572e'], rand),
    stall(500, 760, 300, ['#1f6f78', '#fff8ec'], ['#9c6644', '#f4d35e', '#c1121f'], rand),
    stall(880, 760, 300, ['#f2c14e', '#fff8ec'], ['#6a994e', '#d9822b', '#f15bb5'], rand),
    stall(1260, 760, 260, ['#9b5de5', '#fff8ec'], ['#e0a458', '#ffffff', '#b7410e'], rand),
  ].join('')
}

function markets(rand: Rng): string {
  return [
    sky('s', [
      [0, '#f6c177'],
      [1, '#fdebd0'],
    ]),
    capeTownMountains(-60, 1660, 560, 260, '#a08aa8', 'opacity="0.8"'),
    `<rect x="0" y="560" width="${W}" height="440" fill="#d8c7a8"/>`,
    stringLights(rand, 0, 800, 420, 50),
    stringLights(rand, 800, 1600, 420, 50),
    stall(40, 720, 340, ['#c8372d', '#fdf6e8'], ['#e63946', '#f4a261', '#2a9d8f', '#e9c46a'], rand),
    stall(420, 720, 340, ['#2a9d8f', '#fdf6e8'], ['#ffb703', '#8ecae6', '#fb8500'], rand),
    stall(800, 720, 340, ['#e9c46a', '#fdf6e8'], ['#6a994e', '#bc4749', '#f2e8cf'], rand),
    stall(1180, 720, 380, ['#5bc0be', '#fdf6e8'], ['#f15bb5', '#fee440', '#00bbf9'], rand),
    Array.from({length: 9}, (_, i) =>
      hiker(
        120 + i * 170 + rand() * 40,
        990,
        1.2 + rand() * 0.3,
        ['#3d405b', '#81b29a', '#e07a5f', '#264653'][i % 4]!,
        false,
      ),
    ).join(''),
  ].join('')
}

function liveMusic(rand: Rng): string {
  return [
    sky('s', [
      [0, '#243b55'],
      [0.6, '#9e5a7a'],
      [1, '#f4a582'],
    ]),
    stars(rand, 40, 250),
    // Kirstenbosch's mountain backdrop: the eastern buttresses of Table Mountain.
    ridge(
      [
        [-100, 620],
        [150, 430],
        [380, 290],
        [600, 240],
        [820, 250],
        [1000, 300],
        [1200, 380],
        [1450, 460],
        [1700, 520],
      ],
      '#2c3550',
    ),
    hills(rand, 700, 60, '#2e4a3a', 8),
    `<rect x="0" y="700" width="${W}" height="300" fill="#3f6b46"/>`,
    // Stage with lights.
    `<path d="M560,700 L1040,700 L1000,560 L600,560 Z" fill="#1b1b2f"/><rect x="580" y="540" width="440" height="20" fill="#444"/>`,
    `<path d="M620,560 L520,700 L720,700 Z" fill="#ffe08a" opacity="0.25"/><path d="M980,560 L880,700 L1080,700 Z" fill="#ff9ecf" opacity="0.25"/>`,
    hiker(760, 700, 1.1, '#0c0c18', false),
    hiker(860, 700, 1.1, '#0c0c18', false),
    musicNote(1180, 430, 1.0, '#ffe08a', true),
    musicNote(420, 380, 0.9, '#ff9ecf'),
    // Picnic blankets and people on the lawn.
    Array.from({length: 12}, (_, i) => {
      const x = 80 + (i % 6) * 260 + rand() * 60
      const y = 800 + Math.floor(i / 6) * 110 + rand() * 20
      return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="150" height="50" rx="6" fill="${['#e76f51', '#f4a261', '#2a9d8f', '#e9c46a'][i % 4]}" transform="rotate(${(-6 + rand() * 12).toFixed(1)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`
    }).join(''),
  ].join('')
}

function chapmansPeak(rand: Rng): string {
  return [
    sky('s', [
      [0, '#f0a868'],
      [0.5, '#f6d6a8'],
      [1, '#cfe4ee'],
    ]),
    sun(300, 360, 40, '#fff1c9'),
    sea(rand, 560, ['#5a9cc0', '#1f4f6e'], '#ffffff', 36),
    // Chapman's Peak cliffs plunging to the sea, and the road cut into them.
    ridge(
      [
        [700, 1000],
        [760, 700],
        [860, 420],
        [980, 220],
        [1080, 160],
        [1200, 230],
        [1350, 300],
        [1500, 340],
        [1700, 380],
      ],
      '#8a6b4e',
    ),
    ridge(
      [
        [820, 1000],
        [900, 760],
        [1050, 560],
        [1250, 500],
        [1450, 520],
        [1700, 560],
      ],
      '#6d5238',
    ),
    `<path d="M1700,560 C1500,600 1300,610 1150,650 C1000,690 930,760 900,860 C880,930 860,980 850,1000" stroke="#3b3b3b" stroke-width="26" fill="none"/>`,
    `<path d="M1700,560 C1500,600 1300,610 1150,650 C1000,690 930,760 900,860 C880,930 860,980 850,1000" stroke="#f4f1ea" stroke-width="3" stroke-dasharray="18 16" fill="none"/>`,
    // Hout Bay's Sentinel across the water.
    ridge(
      [
        [-100, 600],
        [80, 540],
        [200, 470],
        [280, 440],
        [340, 470],
        [420, 560],
        [560, 600],
      ],
      '#5b6f7c',
    ),
    `<g transform="translate(1160,640)"><rect x="-34" y="-22" width="68" height="22" rx="8" fill="#c8372d"/><rect x="-22" y="-36" width="40" height="16" rx="5" fill="#c8372d"/><circle cx="-20" cy="2" r="8" fill="#222"/><circle cx="20" cy="2" r="8" fill="#222"/></g>`,
    birds(rand, 3, 500, 200, '#4a3b3b'),
  ].join('')
}

function oceanSunset(rand: Rng): string {
  // Camps Bay: the beach, palms and the Twelve Apostles at sunset.
  const apostles: Point[] = [
    [-100, 430],
    [0, 380],
  ]
  for (let i = 0; i < 12; i++) apostles.push([60 + i * 70, 300 + (i % 2 ? 40 : 0) + rand() * 30])
  apostles.push([960, 420], [1100, 520])
  return [
    sky('s', [
      [0, '#41295a'],
      [0.5, '#f26b5b'],
      [0.8, '#fbb36a'],
      [1, '#fde2b4'],
    ]),
    ridge(apostles, '#5d3a5a'),
    sun(1300, 600, 48, '#ffe3a3'),
    sea(rand, 620, ['#f29e6b', '#553a63'], '#ffe3b0', 26),
    sunPath(1300, 620, '#ffd59a', rand),
    `<path d="M0,820 Q500,780 1000,830 T1600,800 L1600,1000 L0,1000 Z" fill="#f3d9b1"/>`,
    `<g stroke="#2b1a2f" stroke-width="12" fill="none"><path d="M260,840 Q250,700 290,580"/><path d="M420,850 Q420,720 450,620"/></g>`,
    [
      [290, 580],
      [450, 620],
    ]
      .map(
        ([x, y]) =>
          `<g transform="translate(${x},${y})" fill="#2b1a2f">${Array.from({length: 7}, (_, i) => `<path d="M0,0 Q40,-30 90,10 Q40,-10 0,6 Z" transform="rotate(${i * 51})"/>`).join('')}</g>`,
      )
      .join(''),
  ].join('')
}

function paraglider(rand: Rng): string {
  return [
    sky('s', [
      [0, '#5fa8e0'],
      [1, '#dff0fa'],
    ]),
    capeTownMountains(-60, 1660, 760, 380, '#5c7a96'),
    hills(rand, 820, 50, '#5f7f55', 8),
    sea(rand, 880, ['#3d86b0', '#1e5a80'], '#ffffff', 18),
    // A paraglider off Signal Hill.
    `<g transform="translate(1080,300)"><path d="M-120,0 Q0,-70 120,0 Q0,-40 -120,0 Z" fill="#e4572e"/><path d="M-60,-22 Q0,-48 60,-22" stroke="#f2c14e" stroke-width="10" fill="none"/><g stroke="#333" stroke-width="1.5"><line x1="-110" y1="0" x2="0" y2="140"/><line x1="110" y1="0" x2="0" y2="140"/><line x1="-40" y1="-20" x2="0" y2="140"/><line x1="40" y1="-20" x2="0" y2="140"/></g><circle cx="0" cy="146" r="8" fill="#222"/><rect x="-7" y="152" width="14" height="22" rx="4" fill="#222"/></g>`,
    birds(rand, 4, 300, 220, '#33405a'),
  ].join('')
}

function guidesViewpoint(rand: Rng): string {
  return [
    sky('s', [
      [0, '#f6b89b'],
      [0.5, '#f9dcc4'],
      [1, '#cfe3ea'],
    ]),
    capeTownMountains(-40, 1640, 640, 360, '#7d6b8a'),
    sea(rand, 640, ['#7fb0c8', '#3c6f8c'], '#ffffff', 24),
    ridge(
      [
        [-100, 1000],
        [200, 820],
        [500, 770],
        [800, 790],
        [1100, 850],
        [1400, 930],
        [1700, 1000],
      ],
      '#3e4a3a',
    ),
    hiker(520, 776, 1.5, '#1f2420'),
    hiker(600, 778, 1.4, '#1f2420', false),
    hiker(680, 782, 1.3, '#1f2420'),
    birds(rand, 5, 1100, 180, '#4a4560'),
  ].join('')
}

function heroBlouberg(rand: Rng): string {
  return [
    sky('s', [
      [0, '#27406b'],
      [0.5, '#e08a6d'],
      [0.8, '#f6c28b'],
      [1, '#fbe3bd'],
    ]),
    sun(1480, 520, 40, '#ffe7b0'),
    capeTownMountains(120, 1500, 600, 360, '#4a3d63'),
    cityBlocks(rand, 640, 60, '#3a3052', '#ffcf8a', 0.4),
    sea(rand, 640, ['#d98d6f', '#2f3a5c'], '#ffe3b0', 36),
    sunPath(1480, 640, '#ffd59a', rand),
    `<path d="M0,900 Q600,860 1200,900 T1600,890 L1600,1000 L0,1000 Z" fill="#e9cfa5"/>`,
    hiker(300, 905, 1.2, '#2a2238', false),
    hiker(340, 907, 1.0, '#2a2238', false),
  ].join('')
}

function cityAndMountain(rand: Rng): string {
  return tableMountainDay(rand, {cableCar: true, city: true})
}

/** Every image the seed uses, by file name. */
export const scenes: Record<string, Scene> = {
  'home-hero': heroBlouberg,
  'about-guides': guidesViewpoint,
  'experience-lions-head-sunset-hike': sunsetHike,
  'experience-cape-winelands-tour': (r) => winelands(r),
  'experience-bo-kaap-food-walk': (r) => boKaapStreet(r, true),
  'experience-township-jazz-night': (r) => jazzNight(r, false),
  'experience-cape-point-penguins': (r) => penguinsOnBoulders(r, false),
  'experience-sunset-cruise': sunsetCruise,
  'experience-robben-island': robbenIsland,
  'experience-bo-kaap-spice-route-cooking': spiceTable,
  'experience-bespoke-cape-town-itinerary': bespokeMap,
  'story-woodstock-art-studios': woodstockMural,
  'story-old-biscuit-mill': biscuitMill,
  'story-cape-jazz-scene': (r) => jazzNight(r, true),
  'story-table-mountain-hiking': (r) => tableMountainDay(r, {tablecloth: true}),
  'story-boulders-penguins': (r) => penguinsOnBoulders(r, true),
  'story-cape-wine-farms': (r) => winelands(r, true),
  'story-cape-live-music': liveMusic,
  'story-cape-markets': markets,
  'story-chapmans-peak-drive': chapmansPeak,
  'itinerary-day-1': cityAndMountain,
  'itinerary-day-2': (r) => winelands(r, false, true),
  'itinerary-day-3': capePoint,
  'itinerary-day-4': (r) => boKaapStreet(r, false),
  'itinerary-day-5': oceanSunset,
  'itinerary-day-6': waterfrontNight,
  'itinerary-day-7': paraglider,
}

export function renderScene(name: string): string {
  const scene = scenes[name]
  if (!scene) throw new Error(`No scene called ${name}`)
  return svgDocument(scene(rng(seedOf(name))))
}
