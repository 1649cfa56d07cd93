import {
  Canvas,
  above,
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
  subtract,
  type RGB,
} from './draw';

export type Category = 'Electronics' | 'Accessories' | 'Clothing';

export type Kind =
  | 'phone'
  | 'laptop'
  | 'headphones'
  | 'earbuds'
  | 'smartwatch'
  | 'watch'
  | 'camera'
  | 'drone'
  | 'tv'
  | 'speaker'
  | 'tablet'
  | 'keyboard'
  | 'mouse'
  | 'powerbank'
  | 'charger'
  | 'controller'
  | 'backpack'
  | 'wallet'
  | 'sunglasses'
  | 'belt'
  | 'cap'
  | 'tshirt'
  | 'shirt'
  | 'jeans'
  | 'jacket'
  | 'hoodie'
  | 'dress'
  | 'sneaker'
  | 'kurta'
  | 'socks'
  | 'handbag';

const PALETTES: Record<Category, { top: RGB; bottom: RGB; glow: RGB }> = {
  Electronics: { top: hex('#e8f1fb'), bottom: hex('#c9dcf2'), glow: hex('#f7fbff') },
  Accessories: { top: hex('#fbf1e4'), bottom: hex('#f0d9bd'), glow: hex('#fffaf2') },
  Clothing: { top: hex('#f6eaf2'), bottom: hex('#e5cfe0'), glow: hex('#fff7fc') },
};

const INK = hex('#262a33');
const WHITE: RGB = [255, 255, 255];

type Painter = (c: Canvas, col: RGB, accent: RGB) => void;

const screenGlow = (c: Canvas, x0: number, y0: number, x1: number, y1: number, r: number, col: RGB) => {
  c.fill(rrect(x0, y0, x1, y1, r), { color: lighten(col, 0.55), to: col });
  // a diagonal reflection
  c.fill(
    polygon([
      [x0 + (x1 - x0) * 0.55, y0],
      [x1, y0],
      [x1, y0 + (y1 - y0) * 0.35],
      [x0 + (x1 - x0) * 0.2, y1],
      [x0, y1],
      [x0, y1 - 10],
    ]),
    {
      color: WHITE,
      opacity: 0.08,
    },
  );
};

const painters: Record<Kind, Painter> = {
  phone(c, col, accent) {
    c.fill(rrect(140, 60, 260, 330, 26), { color: darken(col, 0.45) });
    c.fill(rrect(146, 66, 254, 324, 21), { color: INK });
    screenGlow(c, 152, 84, 248, 306, 10, accent);
    c.fill(rrect(183, 72, 217, 79, 3), { color: darken(col, 0.6) });
    c.fill(rrect(180, 312, 220, 316, 2), { color: WHITE, opacity: 0.7 });
    c.fill(rrect(170, 120, 230, 160, 8), { color: WHITE, opacity: 0.25 });
    c.fill(rrect(170, 172, 230, 180, 4), { color: WHITE, opacity: 0.25 });
  },
  tablet(c, col, accent) {
    c.fill(rrect(70, 95, 330, 290, 22), { color: darken(col, 0.4) });
    c.fill(rrect(77, 102, 323, 283, 17), { color: INK });
    screenGlow(c, 90, 114, 310, 271, 8, accent);
    c.fill(circle(200, 108, 2.5), { color: hex('#555b66') });
    c.fill(rrect(110, 140, 200, 200, 8), { color: WHITE, opacity: 0.22 });
    c.fill(rrect(215, 140, 290, 240, 8), { color: WHITE, opacity: 0.22 });
  },
  laptop(c, col, accent) {
    c.fill(rrect(90, 90, 310, 250, 12), { color: darken(col, 0.35) });
    c.fill(rrect(98, 98, 302, 242, 8), { color: INK });
    screenGlow(c, 106, 106, 294, 234, 4, accent);
    c.fill(
      polygon(
        [
          [70, 256],
          [330, 256],
          [352, 292],
          [48, 292],
        ],
        4,
      ),
      { color: lighten(col, 0.25), to: col },
    );
    c.fill(rrect(170, 262, 230, 270, 3), { color: darken(col, 0.3) });
    c.fill(rrect(46, 290, 354, 300, 5), { color: darken(col, 0.35) });
  },
  headphones(c, col, accent) {
    const band = intersect(ring(200, 200, 110, 22), above(215, 400));
    c.fill(band, { color: darken(col, 0.2) });
    c.fill(intersect(ring(200, 200, 110, 8), above(140, 400)), { color: lighten(col, 0.3) });
    for (const x of [90, 310]) {
      c.fill(rrect(x - 34, 190, x + 34, 300, 26), { color: col, to: darken(col, 0.25) });
      c.fill(rrect(x - 22, 205, x + 22, 285, 18), { color: darken(col, 0.45) });
      c.fill(circle(x, 245, 12), { color: accent });
    }
  },
  earbuds(c, col, accent) {
    c.fill(rrect(120, 225, 280, 320, 40), { color: lighten(col, 0.75), to: lighten(col, 0.45) });
    c.fill(capsule(125, 262, 275, 262, 1.5), { color: darken(col, 0.2), opacity: 0.6 });
    c.fill(circle(200, 292, 5), { color: accent });
    for (const [x, tilt] of [
      [150, -1],
      [250, 1],
    ] as const) {
      c.fill(capsule(x, 110, x + tilt * 12, 200, 14), { color: lighten(col, 0.85), to: lighten(col, 0.55) });
      c.fill(circle(x - tilt * 6, 105, 30), { color: lighten(col, 0.9), to: lighten(col, 0.6) });
      c.fill(circle(x - tilt * 14, 98, 12), { color: darken(col, 0.4) });
    }
  },
  smartwatch(c, col, accent) {
    c.fill(rrect(160, 50, 240, 150, 14), { color: darken(col, 0.15) });
    c.fill(rrect(160, 250, 240, 350, 14), { color: darken(col, 0.15) });
    for (let y = 275; y < 340; y += 18) c.fill(circle(200, y, 4), { color: darken(col, 0.5) });
    c.fill(rrect(135, 120, 265, 280, 34), { color: hex('#3a3f4a'), to: INK });
    screenGlow(c, 147, 132, 253, 268, 26, accent);
    c.fill(ring(200, 200, 36, 8), { color: WHITE, opacity: 0.8 });
    c.fill(intersect(ring(200, 200, 36, 8), above(200, 400)), { color: darken(accent, 0.5), opacity: 0.7 });
    c.fill(rrect(262, 180, 274, 215, 4), { color: hex('#555b66') });
  },
  watch(c, col, accent) {
    c.fill(rrect(168, 40, 232, 160, 10), { color: col, to: darken(col, 0.2) });
    c.fill(rrect(168, 240, 232, 360, 10), { color: darken(col, 0.2), to: col });
    c.fill(circle(200, 200, 82), { color: lighten(accent, 0.2), to: darken(accent, 0.2) });
    c.fill(circle(200, 200, 70), { color: hex('#fbfaf5') });
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      const r1 = i % 3 === 0 ? 52 : 58;
      c.fill(
        capsule(
          200 + Math.sin(a) * r1,
          200 - Math.cos(a) * r1,
          200 + Math.sin(a) * 63,
          200 - Math.cos(a) * 63,
          i % 3 === 0 ? 3 : 1.5,
        ),
        { color: INK },
      );
    }
    c.fill(capsule(200, 200, 200 + 30, 200 - 22, 3.5), { color: INK });
    c.fill(capsule(200, 200, 200 - 8, 200 - 50, 2.5), { color: INK });
    c.fill(circle(200, 200, 5), { color: accent });
    c.fill(rrect(278, 190, 292, 210, 3), { color: darken(accent, 0.2) });
  },
  camera(c, col, accent) {
    c.fill(rrect(150, 95, 230, 130, 8), { color: darken(col, 0.25) });
    c.fill(rrect(70, 120, 330, 300, 22), { color: col, to: darken(col, 0.3) });
    c.fill(rrect(70, 170, 330, 270, 0), { color: darken(col, 0.55), opacity: 0.6 });
    c.fill(circle(200, 210, 78), { color: hex('#d9dde3'), to: hex('#8f96a3') });
    c.fill(circle(200, 210, 62), { color: INK });
    c.fill(circle(200, 210, 44), { color: darken(accent, 0.5), to: INK });
    c.fill(circle(184, 194, 12), { color: WHITE, opacity: 0.55 });
    c.fill(rrect(270, 135, 310, 155, 4), { color: hex('#f3f4f6') });
    c.fill(circle(100, 140, 8), { color: accent });
  },
  drone(c, col, accent) {
    const arms: Array<[number, number]> = [
      [95, 105],
      [305, 105],
      [95, 295],
      [305, 295],
    ];
    for (const [x, y] of arms) c.fill(capsule(200, 200, x, y, 11), { color: darken(col, 0.25) });
    for (const [x, y] of arms) {
      c.fill(circle(x, y, 18), { color: INK });
      c.fill(ellipse(x, y, 62, 10), { color: hex('#9aa3af'), opacity: 0.55 });
      c.fill(ring(x, y, 58, 4), { color: darken(col, 0.1), opacity: 0.9 });
      c.fill(circle(x, y, 7), { color: accent });
    }
    c.fill(rrect(150, 150, 250, 250, 30), { color: lighten(col, 0.15), to: darken(col, 0.2) });
    c.fill(circle(200, 232, 20), { color: INK });
    c.fill(circle(200, 232, 10), { color: darken(accent, 0.4) });
    c.fill(circle(195, 227, 4), { color: WHITE, opacity: 0.8 });
    c.fill(rrect(178, 165, 222, 175, 5), { color: accent });
  },
  tv(c, col, accent) {
    c.fill(rrect(40, 70, 360, 270, 10), { color: INK });
    screenGlow(c, 50, 80, 350, 260, 4, accent);
    c.fill(
      polygon([
        [60, 230],
        [140, 150],
        [200, 205],
        [250, 165],
        [340, 240],
        [340, 250],
        [60, 250],
      ]),
      { color: darken(accent, 0.35), opacity: 0.6 },
    );
    c.fill(circle(290, 120, 20), { color: WHITE, opacity: 0.5 });
    c.fill(
      polygon([
        [175, 270],
        [225, 270],
        [240, 320],
        [160, 320],
      ]),
      { color: darken(col, 0.3) },
    );
    c.fill(rrect(120, 318, 280, 330, 6), { color: darken(col, 0.4) });
  },
  speaker(c, col, accent) {
    c.fill(rrect(120, 60, 280, 340, 40), { color: col, to: darken(col, 0.35) });
    c.fill(circle(200, 130, 34), { color: darken(col, 0.5) });
    c.fill(circle(200, 130, 22), { color: darken(col, 0.7) });
    c.fill(circle(200, 250, 62), { color: darken(col, 0.55) });
    c.fill(ring(200, 250, 50, 6), { color: darken(col, 0.25) });
    c.fill(circle(200, 250, 26), { color: darken(col, 0.75) });
    c.fill(circle(192, 242, 7), { color: WHITE, opacity: 0.4 });
    c.fill(circle(200, 80, 4), { color: accent });
  },
  keyboard(c, col, accent) {
    c.fill(rrect(30, 130, 370, 285, 18), { color: lighten(col, 0.2), to: darken(col, 0.2) });
    for (let row = 0; row < 4; row++) {
      for (let k = 0; k < 12; k++) {
        const x = 48 + k * 26.5;
        const y = 150 + row * 28;
        c.fill(rrect(x, y, x + 22, y + 22, 4), { color: darken(col, 0.55) });
      }
    }
    c.fill(rrect(120, 262, 280, 276, 4), { color: darken(col, 0.55) });
    c.fill(rrect(48 + 11 * 26.5, 150, 48 + 11 * 26.5 + 22, 172, 4), { color: accent });
  },
  mouse(c, col, accent) {
    c.fill(ellipse(200, 215, 82, 125), { color: lighten(col, 0.2), to: darken(col, 0.3) });
    c.fill(capsule(200, 95, 200, 180, 1.5), { color: darken(col, 0.5) });
    c.fill(capsule(120, 180, 280, 180, 1.2), { color: darken(col, 0.45), opacity: 0.6 });
    c.fill(rrect(192, 115, 208, 150, 8), { color: accent });
    c.fill(ellipse(170, 150, 14, 28), { color: WHITE, opacity: 0.18 });
  },
  powerbank(c, col, accent) {
    c.fill(rrect(120, 70, 280, 330, 24), { color: lighten(col, 0.15), to: darken(col, 0.3) });
    for (let i = 0; i < 4; i++) c.fill(circle(170 + i * 20, 290, 5), { color: i < 3 ? accent : darken(col, 0.5) });
    c.fill(rrect(180, 76, 220, 88, 4), { color: darken(col, 0.6) });
    c.fill(
      polygon([
        [205, 140],
        [170, 205],
        [198, 205],
        [188, 255],
        [232, 180],
        [204, 180],
        [214, 140],
      ]),
      { color: WHITE, opacity: 0.85 },
    );
  },
  charger(c, col, accent) {
    c.fill(rrect(110, 90, 230, 210, 24), { color: lighten(col, 0.75), to: lighten(col, 0.45) });
    c.fill(rrect(140, 60, 152, 95, 3), { color: hex('#aab0b9') });
    c.fill(rrect(188, 60, 200, 95, 3), { color: hex('#aab0b9') });
    c.fill(rrect(160, 200, 180, 222, 4), { color: darken(col, 0.2) });
    let px = 170;
    let py = 222;
    for (let t = 1; t <= 24; t++) {
      const nx = 170 + Math.sin(t / 5) * 60 + t * 4;
      const ny = 222 + t * 4.5;
      c.fill(capsule(px, py, nx, ny, 6), { color: lighten(col, 0.55) });
      px = nx;
      py = ny;
    }
    c.fill(rrect(px - 12, py - 4, px + 12, py + 26, 5), { color: lighten(col, 0.5) });
    c.fill(circle(170, 150, 10), { color: accent });
  },
  controller(c, col, accent) {
    c.fill(
      polygon(
        [
          [100, 150],
          [300, 150],
          [345, 270],
          [300, 290],
          [255, 240],
          [145, 240],
          [100, 290],
          [55, 270],
        ],
        26,
      ),
      {
        color: lighten(col, 0.15),
        to: darken(col, 0.3),
      },
    );
    c.fill(rrect(105, 180, 155, 196, 4), { color: darken(col, 0.6) });
    c.fill(rrect(122, 163, 138, 213, 4), { color: darken(col, 0.6) });
    const btn: Array<[number, number, RGB]> = [
      [285, 170, hex('#4caf50')],
      [305, 190, hex('#f44336')],
      [265, 190, hex('#2196f3')],
      [285, 210, hex('#ffc107')],
    ];
    for (const [x, y, color] of btn) c.fill(circle(x, y, 9), { color });
    c.fill(circle(170, 228, 16), { color: darken(col, 0.6) });
    c.fill(circle(230, 228, 16), { color: darken(col, 0.6) });
    c.fill(rrect(188, 172, 212, 180, 4), { color: accent });
  },
  backpack(c, col, accent) {
    c.fill(ring(200, 95, 30, 10), { color: darken(col, 0.35) });
    c.fill(rrect(110, 90, 290, 340, 50), { color: col, to: darken(col, 0.3) });
    c.fill(rrect(135, 210, 265, 320, 24), { color: lighten(col, 0.12), to: darken(col, 0.15) });
    c.fill(capsule(145, 225, 255, 225, 3), { color: darken(col, 0.45) });
    c.fill(rrect(190, 218, 210, 245, 4), { color: accent });
    c.fill(capsule(140, 120, 260, 120, 2), { color: darken(col, 0.4), opacity: 0.6 });
  },
  wallet(c, col, accent) {
    c.fill(rrect(80, 120, 320, 290, 18), { color: col, to: darken(col, 0.3) });
    c.fill(rrect(180, 160, 330, 250, 14), { color: lighten(col, 0.1), to: darken(col, 0.2) });
    c.fill(circle(290, 205, 12), { color: accent });
    c.fill(rrect(100, 105, 220, 130, 4), { color: hex('#e9eef2') });
    c.stroke(rrect(92, 132, 308, 278, 12), 2, { color: lighten(col, 0.35), opacity: 0.5 });
  },
  sunglasses(c, col, accent) {
    c.fill(capsule(70, 170, 40, 150, 5), { color: darken(col, 0.2) });
    c.fill(capsule(330, 170, 360, 150, 5), { color: darken(col, 0.2) });
    for (const x of [130, 270]) {
      c.fill(rrect(x - 68, 160, x + 68, 250, 38), { color: darken(col, 0.2) });
      c.fill(rrect(x - 60, 168, x + 60, 242, 32), { color: darken(accent, 0.3), to: INK });
      c.fill(
        polygon([
          [x - 40, 172],
          [x - 5, 172],
          [x - 45, 238],
          [x - 58, 220],
        ]),
        { color: WHITE, opacity: 0.15 },
      );
    }
    c.fill(intersect(ring(200, 195, 22, 9), above(192, 400)), { color: darken(col, 0.2) });
  },
  belt(c, col, accent) {
    c.fill(rrect(20, 180, 300, 220, 6), { color: col, to: darken(col, 0.3) });
    for (let x = 40; x < 230; x += 24) c.fill(circle(x, 200, 4), { color: darken(col, 0.55) });
    c.fill(rrect(250, 160, 330, 240, 14), { color: lighten(accent, 0.3), to: darken(accent, 0.2) });
    c.fill(rrect(264, 174, 316, 226, 8), { color: hex('#f1ebe0') });
    c.fill(rrect(264, 180, 300, 220, 4), { color: col, to: darken(col, 0.3) });
    c.fill(capsule(286, 176, 286, 224, 4), { color: darken(accent, 0.3) });
    c.fill(rrect(300, 180, 380, 220, 20), { color: col, to: darken(col, 0.3) });
  },
  cap(c, col, accent) {
    c.fill(ellipse(245, 268, 120, 30), { color: darken(col, 0.35) });
    c.fill(intersect(circle(190, 255, 115), above(262, 400)), { color: lighten(col, 0.15), to: darken(col, 0.2) });
    c.fill(capsule(190, 145, 190, 258, 2), { color: darken(col, 0.35), opacity: 0.6 });
    c.fill(capsule(130, 170, 150, 258, 2), { color: darken(col, 0.35), opacity: 0.4 });
    c.fill(circle(190, 142, 9), { color: darken(col, 0.3) });
    c.fill(circle(225, 205, 18), { color: accent });
  },
  tshirt(c, col, accent) {
    c.fill(
      polygon(
        [
          [140, 70],
          [170, 70],
          [200, 95],
          [230, 70],
          [260, 70],
          [345, 120],
          [315, 185],
          [280, 165],
          [280, 340],
          [120, 340],
          [120, 165],
          [85, 185],
          [55, 120],
        ],
        6,
      ),
      { color: lighten(col, 0.12), to: darken(col, 0.18) },
    );
    c.fill(intersect(ring(200, 68, 32, 8), { sdf: (_x, y) => 70 - y, box: { x0: 160, y0: 70, x1: 240, y1: 110 } }), {
      color: darken(col, 0.25),
    });
    c.fill(circle(200, 200, 34), { color: accent, opacity: 0.9 });
    c.fill(circle(200, 200, 20), { color: lighten(accent, 0.5), opacity: 0.9 });
  },
  shirt(c, col, accent) {
    c.fill(
      polygon(
        [
          [145, 62],
          [200, 80],
          [255, 62],
          [340, 110],
          [330, 300],
          [295, 300],
          [285, 170],
          [285, 345],
          [115, 345],
          [115, 170],
          [105, 300],
          [70, 300],
          [60, 110],
        ],
        5,
      ),
      { color: lighten(col, 0.15), to: darken(col, 0.15) },
    );
    c.fill(
      polygon([
        [145, 62],
        [200, 80],
        [178, 118],
      ]),
      { color: lighten(col, 0.4) },
    );
    c.fill(
      polygon([
        [255, 62],
        [200, 80],
        [222, 118],
      ]),
      { color: lighten(col, 0.4) },
    );
    c.fill(capsule(200, 90, 200, 340, 1.2), { color: darken(col, 0.35) });
    for (let y = 125; y < 340; y += 40) c.fill(circle(207, y, 4), { color: accent });
    c.fill(rrect(225, 140, 265, 175, 4), { color: darken(col, 0.12) });
  },
  jeans(c, col, accent) {
    c.fill(
      polygon(
        [
          [120, 60],
          [280, 60],
          [300, 345],
          [222, 345],
          [200, 150],
          [178, 345],
          [100, 345],
        ],
        4,
      ),
      {
        color: lighten(col, 0.1),
        to: darken(col, 0.25),
      },
    );
    c.fill(rrect(118, 60, 282, 82, 4), { color: darken(col, 0.2) });
    c.fill(circle(200, 71, 5), { color: accent });
    c.fill(capsule(200, 82, 200, 140, 1.5), { color: lighten(accent, 0.2), opacity: 0.8 });
    c.fill(intersect(ring(135, 90, 32, 2), above(400, 400)), { color: lighten(accent, 0.2), opacity: 0.6 });
    c.fill(intersect(ring(265, 90, 32, 2), above(400, 400)), { color: lighten(accent, 0.2), opacity: 0.6 });
  },
  jacket(c, col, accent) {
    c.fill(
      polygon(
        [
          [140, 60],
          [200, 85],
          [260, 60],
          [335, 105],
          [345, 330],
          [300, 330],
          [290, 180],
          [290, 350],
          [110, 350],
          [110, 180],
          [100, 330],
          [55, 330],
          [65, 105],
        ],
        8,
      ),
      { color: lighten(col, 0.1), to: darken(col, 0.25) },
    );
    c.fill(
      polygon([
        [140, 60],
        [200, 85],
        [200, 200],
        [150, 120],
      ]),
      { color: darken(col, 0.25) },
    );
    c.fill(
      polygon([
        [260, 60],
        [200, 85],
        [200, 200],
        [250, 120],
      ]),
      { color: darken(col, 0.25) },
    );
    c.fill(capsule(200, 90, 200, 348, 2.5), { color: accent });
    c.fill(capsule(135, 250, 170, 250, 3), { color: darken(col, 0.4) });
    c.fill(capsule(230, 250, 265, 250, 3), { color: darken(col, 0.4) });
  },
  hoodie(c, col, accent) {
    c.fill(
      polygon(
        [
          [135, 85],
          [265, 85],
          [340, 130],
          [345, 330],
          [300, 330],
          [290, 195],
          [290, 350],
          [110, 350],
          [110, 195],
          [100, 330],
          [55, 330],
          [60, 130],
        ],
        10,
      ),
      { color: lighten(col, 0.12), to: darken(col, 0.22) },
    );
    c.fill(ellipse(200, 95, 62, 52), { color: darken(col, 0.15) });
    c.fill(ellipse(200, 105, 38, 36), { color: darken(col, 0.45) });
    c.fill(capsule(185, 140, 182, 200, 2.5), { color: accent });
    c.fill(capsule(215, 140, 218, 200, 2.5), { color: accent });
    c.fill(
      polygon(
        [
          [140, 260],
          [260, 260],
          [280, 320],
          [120, 320],
        ],
        6,
      ),
      { color: darken(col, 0.12) },
    );
  },
  dress(c, col, accent) {
    c.fill(
      polygon(
        [
          [160, 55],
          [175, 55],
          [185, 120],
          [215, 120],
          [225, 55],
          [240, 55],
          [250, 150],
          [225, 185],
          [330, 350],
          [70, 350],
          [175, 185],
          [150, 150],
        ],
        5,
      ),
      {
        color: lighten(col, 0.15),
        to: darken(col, 0.2),
      },
    );
    c.fill(rrect(170, 180, 230, 194, 6), { color: accent });
    for (const [x, y] of [
      [150, 280],
      [200, 250],
      [250, 290],
      [190, 320],
      [235, 235],
      [160, 225],
    ] as Array<[number, number]>) {
      c.fill(circle(x, y, 7), { color: lighten(col, 0.6), opacity: 0.8 });
    }
  },
  sneaker(c, col, accent) {
    c.fill(
      polygon(
        [
          [60, 180],
          [150, 150],
          [200, 200],
          [300, 215],
          [350, 250],
          [350, 275],
          [60, 275],
        ],
        18,
      ),
      {
        color: lighten(col, 0.1),
        to: darken(col, 0.2),
      },
    );
    c.fill(rrect(40, 268, 365, 300, 14), { color: hex('#f4f4f4'), to: hex('#d8d8d8') });
    c.fill(rrect(40, 292, 365, 302, 5), { color: darken(accent, 0.2) });
    c.fill(
      polygon([
        [140, 240],
        [260, 205],
        [290, 225],
        [160, 262],
      ]),
      { color: accent },
    );
    for (let i = 0; i < 4; i++)
      c.fill(capsule(150 + i * 14, 172 + i * 10, 172 + i * 14, 162 + i * 10, 3), { color: WHITE, opacity: 0.9 });
    c.fill(circle(85, 225, 10), { color: lighten(col, 0.4) });
  },
  kurta(c, col, accent) {
    c.fill(
      polygon(
        [
          [150, 55],
          [200, 70],
          [250, 55],
          [320, 95],
          [330, 230],
          [292, 230],
          [285, 140],
          [300, 355],
          [100, 355],
          [115, 140],
          [108, 230],
          [70, 230],
          [80, 95],
        ],
        6,
      ),
      { color: lighten(col, 0.15), to: darken(col, 0.12) },
    );
    c.fill(rrect(193, 70, 207, 160, 4), { color: accent });
    for (let y = 85; y < 160; y += 20) c.fill(circle(200, y, 3.5), { color: lighten(accent, 0.6) });
    for (let x = 110; x < 300; x += 18) c.fill(circle(x, 338, 4), { color: accent, opacity: 0.9 });
    c.fill(capsule(102, 322, 298, 322, 2), { color: accent, opacity: 0.8 });
  },
  socks(c, col, accent) {
    for (const [dx, shade] of [
      [-45, 0.15],
      [45, 0],
    ] as Array<[number, number]>) {
      const base = darken(col, shade);
      c.fill(
        polygon(
          [
            [150 + dx, 60],
            [220 + dx, 60],
            [220 + dx, 250],
            [260 + dx, 300],
            [240 + dx, 345],
            [170 + dx, 345],
            [150 + dx, 290],
          ],
          14,
        ),
        {
          color: lighten(base, 0.1),
          to: darken(base, 0.15),
        },
      );
      c.fill(rrect(146 + dx, 56, 224 + dx, 95, 6), { color: lighten(base, 0.4) });
      c.fill(rrect(150 + dx, 130, 220 + dx, 145, 2), { color: accent });
      c.fill(rrect(150 + dx, 160, 220 + dx, 175, 2), { color: accent });
    }
  },
  handbag(c, col, accent) {
    c.fill(subtract(rrect(140, 70, 260, 190, 55), rrect(160, 90, 240, 200, 40)), { color: darken(col, 0.3) });
    c.fill(
      polygon(
        [
          [95, 160],
          [305, 160],
          [330, 335],
          [70, 335],
        ],
        16,
      ),
      { color: lighten(col, 0.12), to: darken(col, 0.25) },
    );
    c.fill(
      polygon(
        [
          [95, 160],
          [305, 160],
          [290, 225],
          [110, 225],
        ],
        10,
      ),
      { color: darken(col, 0.12) },
    );
    c.fill(rrect(185, 210, 215, 240, 6), { color: accent });
    c.stroke(
      polygon(
        [
          [110, 240],
          [290, 240],
          [310, 320],
          [90, 320],
        ],
        10,
      ),
      1.5,
      { color: lighten(col, 0.45), opacity: 0.6 },
    );
  },
};

/** Draws one product picture (400x400 PNG): the category's backdrop and the product's silhouette. */
export function drawProduct(kind: Kind, category: Category, color: string, accent: string, size = 400): Buffer {
  const c = new Canvas(size, size);
  const pal = PALETTES[category];
  c.background(pal.top, pal.bottom);
  c.fill(circle(200, 190, 150), { color: pal.glow, opacity: 0.9, soft: 40 });
  c.fill(circle(330, 60, 36), { color: lighten(hex(accent), 0.5), opacity: 0.35 });
  c.fill(circle(62, 338, 22), { color: lighten(hex(color), 0.5), opacity: 0.3 });
  c.fill(ellipse(200, 362, 130, 14), { color: darken(pal.bottom, 0.35), opacity: 0.55, soft: 14 });
  painters[kind](c, hex(color), hex(accent));
  return c.toPng();
}
