import { PNG } from 'pngjs';

/** A tiny anti-aliased rasteriser over signed distance functions, enough for product pictures. */

export type RGB = [number, number, number];
export type Sdf = (x: number, y: number) => number;
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function hex(color: string): RGB {
  const h = color.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

export function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export const lighten = (c: RGB, t: number) => mix(c, [255, 255, 255], t);
export const darken = (c: RGB, t: number) => mix(c, [0, 0, 0], t);

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

// ---- shapes: each returns a distance function and its bounding box ----
export interface Shape {
  sdf: Sdf;
  box: Box;
}

export function circle(cx: number, cy: number, r: number): Shape {
  return { sdf: (x, y) => Math.hypot(x - cx, y - cy) - r, box: { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r } };
}

export function ring(cx: number, cy: number, r: number, width: number): Shape {
  const o = r + width / 2;
  return {
    sdf: (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2,
    box: { x0: cx - o, y0: cy - o, x1: cx + o, y1: cy + o },
  };
}

export function ellipse(cx: number, cy: number, rx: number, ry: number): Shape {
  const m = Math.min(rx, ry);
  return {
    sdf: (x, y) => {
      const dx = (x - cx) / rx;
      const dy = (y - cy) / ry;
      return (Math.hypot(dx, dy) - 1) * m;
    },
    box: { x0: cx - rx, y0: cy - ry, x1: cx + rx, y1: cy + ry },
  };
}

/** Rounded rectangle given by its corners, optional rotation (radians) about its centre. */
export function rrect(x0: number, y0: number, x1: number, y1: number, r: number, angle = 0): Shape {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const hw = (x1 - x0) / 2;
  const hh = (y1 - y0) / 2;
  const rr = Math.min(r, hw, hh);
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const ext = angle ? Math.hypot(hw, hh) : 0;
  return {
    sdf: (x, y) => {
      let px = x - cx;
      let py = y - cy;
      if (angle) {
        const rx = px * cos - py * sin;
        py = px * sin + py * cos;
        px = rx;
      }
      const qx = Math.abs(px) - hw + rr;
      const qy = Math.abs(py) - hh + rr;
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - rr;
    },
    box: angle ? { x0: cx - ext, y0: cy - ext, x1: cx + ext, y1: cy + ext } : { x0, y0, x1, y1 },
  };
}

/** A thick line with round ends. */
export function capsule(ax: number, ay: number, bx: number, by: number, r: number): Shape {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy || 1;
  return {
    sdf: (x, y) => {
      const t = clamp01(((x - ax) * dx + (y - ay) * dy) / len2);
      return Math.hypot(x - ax - dx * t, y - ay - dy * t) - r;
    },
    box: { x0: Math.min(ax, bx) - r, y0: Math.min(ay, by) - r, x1: Math.max(ax, bx) + r, y1: Math.max(ay, by) + r },
  };
}

/** Filled polygon (exact signed distance), optionally with rounded corners. */
export function polygon(points: Array<[number, number]>, round = 0): Shape {
  const n = points.length;
  return {
    sdf: (x, y) => {
      let d = Infinity;
      let s = 1;
      for (let i = 0, j = n - 1; i < n; j = i, i++) {
        const [vix, viy] = points[i];
        const [vjx, vjy] = points[j];
        const ex = vjx - vix;
        const ey = vjy - viy;
        const wx = x - vix;
        const wy = y - viy;
        const t = clamp01((wx * ex + wy * ey) / (ex * ex + ey * ey || 1));
        const bx = wx - ex * t;
        const by = wy - ey * t;
        d = Math.min(d, bx * bx + by * by);
        const c1 = y >= viy;
        const c2 = y < vjy;
        const c3 = ex * wy > ey * wx;
        if ((c1 && c2 && c3) || (!c1 && !c2 && !c3)) s = -s;
      }
      return s * Math.sqrt(d) - round;
    },
    box: {
      x0: Math.min(...points.map((p) => p[0])) - round,
      y0: Math.min(...points.map((p) => p[1])) - round,
      x1: Math.max(...points.map((p) => p[0])) + round,
      y1: Math.max(...points.map((p) => p[1])) + round,
    },
  };
}

/** Part of `a` outside `b`. */
export function subtract(a: Shape, b: Shape): Shape {
  return { sdf: (x, y) => Math.max(a.sdf(x, y), -b.sdf(x, y)), box: a.box };
}

/** Part of `a` inside `b`. */
export function intersect(a: Shape, b: Shape): Shape {
  return { sdf: (x, y) => Math.max(a.sdf(x, y), b.sdf(x, y)), box: a.box };
}

export function union(...shapes: Shape[]): Shape {
  return {
    sdf: (x, y) => {
      let d = Infinity;
      for (const s of shapes) d = Math.min(d, s.sdf(x, y));
      return d;
    },
    box: {
      x0: Math.min(...shapes.map((s) => s.box.x0)),
      y0: Math.min(...shapes.map((s) => s.box.y0)),
      x1: Math.max(...shapes.map((s) => s.box.x1)),
      y1: Math.max(...shapes.map((s) => s.box.y1)),
    },
  };
}

/** Half plane y < limit (for cutting arcs and domes). */
export function above(limit: number, width: number): Shape {
  return { sdf: (_x, y) => y - limit, box: { x0: 0, y0: 0, x1: width, y1: limit } };
}

export interface Fill {
  color: RGB;
  /** Second colour for a vertical gradient across the shape's box. */
  to?: RGB;
  opacity?: number;
  /** Edge softness in pixels (1 = crisp anti-aliasing; larger = blurred, for shadows and glows). */
  soft?: number;
}

export class Canvas {
  readonly data: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Float32Array(width * height * 3);
  }

  /** Vertical gradient background. */
  background(top: RGB, bottom: RGB): void {
    for (let y = 0; y < this.height; y++) {
      const c = mix(top, bottom, y / (this.height - 1));
      for (let x = 0; x < this.width; x++) {
        const i = (y * this.width + x) * 3;
        this.data[i] = c[0];
        this.data[i + 1] = c[1];
        this.data[i + 2] = c[2];
      }
    }
  }

  fill(shape: Shape, fill: Fill): void {
    const soft = fill.soft ?? 1;
    const opacity = fill.opacity ?? 1;
    const pad = Math.ceil(soft) + 1;
    const x0 = Math.max(0, Math.floor(shape.box.x0) - pad);
    const y0 = Math.max(0, Math.floor(shape.box.y0) - pad);
    const x1 = Math.min(this.width - 1, Math.ceil(shape.box.x1) + pad);
    const y1 = Math.min(this.height - 1, Math.ceil(shape.box.y1) + pad);
    const h = Math.max(1, shape.box.y1 - shape.box.y0);
    for (let y = y0; y <= y1; y++) {
      const c = fill.to ? mix(fill.color, fill.to, clamp01((y - shape.box.y0) / h)) : fill.color;
      for (let x = x0; x <= x1; x++) {
        const d = shape.sdf(x + 0.5, y + 0.5);
        const a = clamp01(0.5 - d / soft) * opacity;
        if (a <= 0) continue;
        const i = (y * this.width + x) * 3;
        this.data[i] += (c[0] - this.data[i]) * a;
        this.data[i + 1] += (c[1] - this.data[i + 1]) * a;
        this.data[i + 2] += (c[2] - this.data[i + 2]) * a;
      }
    }
  }

  /** A stroked outline of a shape. */
  stroke(shape: Shape, width: number, fill: Fill): void {
    this.fill(
      {
        sdf: (x, y) => Math.abs(shape.sdf(x, y)) - width / 2,
        box: { x0: shape.box.x0 - width, y0: shape.box.y0 - width, x1: shape.box.x1 + width, y1: shape.box.y1 + width },
      },
      fill,
    );
  }

  toPng(): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    for (let i = 0, j = 0; i < this.data.length; i += 3, j += 4) {
      png.data[j] = Math.round(this.data[i]);
      png.data[j + 1] = Math.round(this.data[i + 1]);
      png.data[j + 2] = Math.round(this.data[i + 2]);
      png.data[j + 3] = 255;
    }
    return PNG.sync.write(png, { colorType: 2 });
  }
}
