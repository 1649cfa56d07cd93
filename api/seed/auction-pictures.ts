import {
  Canvas,
  capsule,
  circle,
  darken,
  ellipse,
  hex,
  intersect,
  lighten,
  polygon,
  ring,
  rrect,
  type RGB,
} from './draw';

/** Drawings of the demo auction items (400x400 PNG), made with the catalogue's rasteriser. */
export type AuctionKind = 'painting' | 'lotus' | 'boats' | 'coin' | 'note' | 'bat' | 'football' | 'racket';

const WHITE: RGB = [255, 255, 255];
const INK = hex('#262a33');

type Painter = (c: Canvas, col: RGB, accent: RGB) => void;

/** A wooden picture frame with a cream mount and a brass plate; the picture goes in (80, 80)-(320, 290). */
function frame(c: Canvas): void {
  c.fill(rrect(58, 58, 350, 330, 6), { color: INK, opacity: 0.35, soft: 18 });
  c.fill(rrect(50, 50, 350, 320, 4), { color: hex('#b07a3c'), to: hex('#6e4520') });
  c.fill(rrect(68, 68, 332, 302, 2), { color: hex('#e9d9b8') });
  c.fill(rrect(180, 324, 220, 334, 3), { color: hex('#c9a45c') });
}

const painters: Record<AuctionKind, Painter> = {
  /** A framed landscape: sky, sun, hills, a river. col = sky, accent = land. */
  painting(c, col, accent) {
    frame(c);
    c.fill(rrect(80, 80, 320, 290, 0), { color: lighten(col, 0.45), to: col });
    c.fill(circle(255, 130, 26), { color: hex('#fff1c1'), soft: 3 });
    c.fill(circle(255, 130, 50), { color: hex('#fff1c1'), opacity: 0.25, soft: 30 });
    c.fill(
      polygon([
        [80, 230],
        [140, 150],
        [185, 200],
        [235, 140],
        [320, 220],
        [320, 290],
        [80, 290],
      ]),
      { color: darken(accent, 0.25), to: darken(accent, 0.45) },
    );
    c.fill(
      polygon([
        [80, 250],
        [150, 215],
        [230, 240],
        [320, 225],
        [320, 290],
        [80, 290],
      ]),
      { color: accent, to: darken(accent, 0.3) },
    );
    c.fill(
      polygon([
        [190, 290],
        [205, 250],
        [215, 240],
        [222, 250],
        [245, 290],
      ]),
      { color: lighten(col, 0.3), opacity: 0.85 },
    );
    for (const [x, y] of [
      [110, 238],
      [128, 232],
      [290, 232],
    ] as const) {
      c.fill(capsule(x, y, x, y + 18, 2), { color: darken(accent, 0.6) });
      c.fill(circle(x, y - 4, 10), { color: darken(accent, 0.5) });
    }
  },
  /** A framed lotus pond: water, lily pads, pink flowers. col = water, accent = flowers. */
  lotus(c, col, accent) {
    frame(c);
    c.fill(rrect(80, 80, 320, 290, 0), { color: lighten(col, 0.5), to: darken(col, 0.15) });
    for (let i = 0; i < 6; i++)
      c.fill(capsule(95 + i * 37, 120 + (i % 3) * 50, 130 + i * 37, 120 + (i % 3) * 50, 1.2), {
        color: WHITE,
        opacity: 0.35,
      });
    const pads: Array<[number, number, number]> = [
      [120, 250, 26],
      [200, 230, 30],
      [280, 262, 24],
      [150, 170, 18],
      [262, 160, 20],
    ];
    for (const [x, y, r] of pads) {
      c.fill(ellipse(x, y, r * 1.4, r * 0.6), { color: hex('#4f8a4a'), to: hex('#2e5e31') });
      c.fill(
        polygon([
          [x, y],
          [x + r * 1.4, y - 3],
          [x + r * 1.4, y + 3],
        ]),
        { color: darken(col, 0.1) },
      );
    }
    for (const [x, y, s] of [
      [200, 212, 1],
      [120, 232, 0.8],
      [262, 145, 0.7],
    ] as const) {
      for (const a of [-0.9, -0.45, 0, 0.45, 0.9]) {
        c.fill(ellipse(x + Math.sin(a) * 14 * s, y - Math.cos(a) * 12 * s, 7 * s, 16 * s), {
          color: lighten(accent, 0.35),
          to: accent,
        });
      }
      c.fill(circle(x, y - 2, 5 * s), { color: hex('#f4d35e') });
    }
  },
  /** A framed river at dusk with boats and lamps. col = sky, accent = boats. */
  boats(c, col, accent) {
    frame(c);
    c.fill(rrect(80, 80, 320, 200, 0), { color: lighten(col, 0.2), to: darken(col, 0.1) });
    c.fill(circle(200, 196, 34), { color: hex('#ffe4a3'), opacity: 0.9 });
    c.fill(rrect(80, 196, 320, 290, 0), { color: hex('#2f5d73'), to: hex('#173443') });
    for (let i = 0; i < 5; i++)
      c.fill(capsule(170 + (i % 2) * 8, 208 + i * 12, 230 - (i % 2) * 8, 208 + i * 12, 1.6), {
        color: hex('#ffe4a3'),
        opacity: 0.6,
      });
    for (const [x, y, w] of [
      [125, 250, 46],
      [250, 236, 38],
      [300, 268, 26],
    ] as const) {
      c.fill(
        polygon(
          [
            [x - w, y - 6],
            [x + w, y - 6],
            [x + w * 0.7, y + 8],
            [x - w * 0.7, y + 8],
          ],
          2,
        ),
        { color: darken(accent, 0.1), to: darken(accent, 0.45) },
      );
      c.fill(
        polygon([
          [x - w * 0.45, y - 6],
          [x - w * 0.3, y - 22],
          [x + w * 0.3, y - 22],
          [x + w * 0.45, y - 6],
        ]),
        { color: darken(accent, 0.35) },
      );
    }
    for (let i = 0; i < 9; i++) {
      const x = 92 + i * 28;
      c.fill(circle(x, 190 - (i % 2) * 4, 3), { color: hex('#ffcf5a') });
      c.fill(circle(x, 190 - (i % 2) * 4, 9), { color: hex('#ffcf5a'), opacity: 0.3, soft: 6 });
    }
    c.fill(
      polygon([
        [80, 200],
        [110, 170],
        [140, 200],
      ]),
      { color: darken(col, 0.5), opacity: 0.7 },
    );
    c.fill(
      polygon([
        [260, 200],
        [300, 160],
        [320, 180],
        [320, 200],
      ]),
      { color: darken(col, 0.5), opacity: 0.7 },
    );
  },
  /** An old coin: milled rim, a ring of dots, a numeral and a wreath. col = metal, accent = shade. */
  coin(c, col, accent) {
    c.fill(ellipse(208, 212, 132, 132), { color: INK, opacity: 0.3, soft: 16 });
    c.fill(circle(200, 200, 130), { color: lighten(col, 0.35), to: darken(col, 0.3) });
    for (let i = 0; i < 90; i++) {
      const a = (i / 90) * Math.PI * 2;
      c.fill(
        capsule(
          200 + Math.cos(a) * 122,
          200 + Math.sin(a) * 122,
          200 + Math.cos(a) * 129,
          200 + Math.sin(a) * 129,
          1.2,
        ),
        { color: darken(col, 0.35), opacity: 0.7 },
      );
    }
    c.fill(circle(200, 200, 112), { color: col, to: darken(col, 0.2) });
    c.fill(ring(200, 200, 100, 3), { color: darken(col, 0.3) });
    for (let i = 0; i < 36; i++) {
      const a = (i / 36) * Math.PI * 2;
      c.fill(circle(200 + Math.cos(a) * 90, 200 + Math.sin(a) * 90, 2.4), { color: darken(col, 0.35) });
    }
    // the numeral 1
    c.fill(capsule(200, 140, 200, 245, 9), { color: lighten(col, 0.3), to: darken(accent, 0.1) });
    c.fill(capsule(200, 140, 182, 158, 7), { color: lighten(col, 0.3) });
    c.fill(capsule(180, 248, 220, 248, 6), { color: darken(col, 0.05) });
    // a wreath of leaves
    for (let i = 0; i < 7; i++) {
      const t = 0.55 + i * 0.09;
      for (const side of [-1, 1]) {
        const a = Math.PI * (side < 0 ? 1 - t : t);
        const x = 200 + Math.cos(a) * 68;
        const y = 205 + Math.sin(a) * 68;
        c.fill(ellipse(x, y, 7, 4), { color: darken(col, 0.3) });
      }
    }
    c.fill(ellipse(160, 150, 30, 16), { color: WHITE, opacity: 0.25, soft: 10 });
  },
  /** A banknote: border, guilloche, portrait oval, value. col = paper, accent = ink. */
  note(c, col, accent) {
    c.fill(rrect(42, 118, 366, 296, 8, -0.08), { color: INK, opacity: 0.3, soft: 16 });
    const note = rrect(30, 108, 370, 288, 6, -0.08);
    c.fill(note, { color: lighten(col, 0.3), to: col });
    c.stroke(rrect(44, 120, 356, 276, 4, -0.08), 3, { color: accent, opacity: 0.8 });
    const inside = rrect(48, 124, 352, 272, 4, -0.08);
    for (let i = 0; i < 9; i++) {
      c.fill(intersect(ring(120, 200, 20 + i * 9, 1.5), inside), { color: accent, opacity: 0.35 });
    }
    c.fill(ellipse(262, 188, 46, 56), { color: lighten(accent, 0.7), to: lighten(accent, 0.5) });
    c.stroke(ellipse(262, 188, 46, 56), 2.5, { color: accent, opacity: 0.8 });
    c.fill(circle(262, 172, 16), { color: darken(accent, 0.2), opacity: 0.7 });
    c.fill(ellipse(262, 218, 28, 20), { color: darken(accent, 0.2), opacity: 0.7 });
    // "10"
    c.fill(capsule(82, 150, 82, 180, 4), { color: darken(accent, 0.2) });
    c.fill(ring(104, 165, 11, 6), { color: darken(accent, 0.2) });
    c.fill(capsule(300, 245, 330, 242, 3), { color: darken(accent, 0.2) });
    c.fill(capsule(160, 250, 230, 245, 2), { color: darken(accent, 0.2), opacity: 0.7 });
  },
  /** A cricket bat and a red ball. col = willow, accent = grip. */
  bat(c, col, accent) {
    c.fill(ellipse(210, 350, 120, 12), { color: INK, opacity: 0.3, soft: 12 });
    c.fill(capsule(260, 60, 228, 140, 10), { color: accent, to: darken(accent, 0.3) });
    for (let i = 0; i < 7; i++) {
      const t = i / 7;
      const x = 258 - t * 28;
      const y = 66 + t * 70;
      c.fill(capsule(x - 9, y + 2, x + 9, y - 2, 1.2), { color: darken(accent, 0.4), opacity: 0.7 });
    }
    c.fill(
      polygon(
        [
          [214, 140],
          [246, 152],
          [160, 340],
          [118, 322],
        ],
        12,
      ),
      { color: lighten(col, 0.2), to: darken(col, 0.2) },
    );
    c.fill(
      polygon(
        [
          [222, 150],
          [236, 156],
          [150, 332],
          [138, 326],
        ],
        4,
      ),
      { color: WHITE, opacity: 0.18 },
    );
    c.fill(
      polygon(
        [
          [200, 190],
          [226, 200],
          [214, 228],
          [188, 218],
        ],
        3,
      ),
      { color: hex('#1d4f91'), opacity: 0.85 },
    );
    c.fill(circle(300, 300, 36), { color: hex('#c0262d'), to: hex('#7d1015') });
    c.fill(intersect(ring(300, 300, 48, 2.5), circle(300, 300, 36)), { color: WHITE, opacity: 0.9 });
    c.fill(circle(290, 290, 9), { color: WHITE, opacity: 0.3, soft: 6 });
  },
  /** A football: white panels and dark pentagons. col = panel shade, accent = pentagons. */
  football(c, col, accent) {
    c.fill(ellipse(205, 345, 110, 14), { color: INK, opacity: 0.3, soft: 12 });
    c.fill(circle(200, 200, 130), { color: WHITE, to: lighten(col, 0.2) });
    const pent = (cx: number, cy: number, r: number, rot: number) =>
      polygon(
        Array.from({ length: 5 }, (_, i): [number, number] => {
          const a = rot + (i / 5) * Math.PI * 2;
          return [cx + Math.cos(a) * r, cy + Math.sin(a) * r];
        }),
        3,
      );
    const ball = circle(200, 200, 128);
    c.fill(pent(200, 200, 36, -Math.PI / 2), { color: accent });
    for (let i = 0; i < 5; i++) {
      const a = -Math.PI / 2 + (i / 5) * Math.PI * 2 + Math.PI / 5;
      const x = 200 + Math.cos(a) * 105;
      const y = 200 + Math.sin(a) * 105;
      c.fill(intersect(pent(x, y, 34, a), ball), { color: accent });
      c.fill(
        capsule(200 + Math.cos(a) * 32, 200 + Math.sin(a) * 32, 200 + Math.cos(a) * 75, 200 + Math.sin(a) * 75, 1.5),
        { color: darken(col, 0.3) },
      );
    }
    c.fill(ring(200, 200, 129, 3), { color: darken(col, 0.25) });
    c.fill(ellipse(160, 140, 40, 22), { color: WHITE, opacity: 0.5, soft: 14 });
  },
  /** A badminton racket and a shuttlecock. col = frame, accent = grip. */
  racket(c, col, accent) {
    c.fill(ellipse(205, 350, 110, 12), { color: INK, opacity: 0.3, soft: 12 });
    c.fill(ring(230, 140, 78, 10), { color: col, to: darken(col, 0.3) });
    for (let i = -6; i <= 6; i++) {
      c.fill(intersect(capsule(230 + i * 11, 60, 230 + i * 11, 220, 0.8), circle(230, 140, 74)), {
        color: hex('#e7e7e7'),
      });
      c.fill(intersect(capsule(150, 140 + i * 11, 310, 140 + i * 11, 0.8), circle(230, 140, 74)), {
        color: hex('#e7e7e7'),
      });
    }
    c.fill(capsule(190, 208, 140, 300, 5), { color: darken(col, 0.2) });
    c.fill(capsule(140, 300, 112, 352, 11), { color: accent, to: darken(accent, 0.3) });
    c.fill(
      polygon(
        [
          [92, 150],
          [130, 136],
          [122, 196],
          [104, 200],
        ],
        2,
      ),
      { color: WHITE, to: hex('#dfe3e8') },
    );
    c.fill(circle(113, 205, 12), { color: hex('#f2f2f2'), to: hex('#c7c7c7') });
  },
};

const BACKDROPS: Record<AuctionKind, [RGB, RGB]> = {
  painting: [hex('#f4ede2'), hex('#d8c8ae')],
  lotus: [hex('#eef0f4'), hex('#cdd3dc')],
  boats: [hex('#f5ebe6'), hex('#dcc6bb')],
  coin: [hex('#3b2a4a'), hex('#1e1526')],
  note: [hex('#e9f0e4'), hex('#c7d6bd')],
  bat: [hex('#e5f0e0'), hex('#b9d2ad')],
  football: [hex('#dbe9f5'), hex('#a9c4dd')],
  racket: [hex('#f3e6ea'), hex('#d9bfc7')],
};

export function drawAuctionItem(kind: AuctionKind, color: string, accent: string, size = 400): Buffer {
  const c = new Canvas(size, size);
  const [top, bottom] = BACKDROPS[kind];
  c.background(top, bottom);
  c.fill(circle(200, 190, 160), { color: lighten(top, 0.4), opacity: 0.5, soft: 50 });
  painters[kind](c, hex(color), hex(accent));
  return c.toPng();
}
