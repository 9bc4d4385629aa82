// Path data for brand/generate-logos.ts: glyph outlines in, the shortest SVG path data that draws them
// within a tenth of a pixel out. Fonts shipped as TrueType (every @fontsource file) draw curves as
// chains of quadratics, three or four to a quarter of an "o"; one cubic draws most such chains, and
// merging them made the logos a third smaller.

export type Point = readonly [number, number];
export type Segment =
  | { readonly kind: 'line'; readonly to: Point }
  | { readonly kind: 'quad'; readonly control: Point; readonly to: Point }
  | { readonly kind: 'cubic'; readonly control1: Point; readonly control2: Point; readonly to: Point };
export type Contour = { readonly from: Point; readonly segments: readonly Segment[] };

/** How far (CSS px) a merged cubic may stray from the quadratics it replaces: half the output's step. */
const TOLERANCE = 0.05;
/** Runs longer than this never fitted within TOLERANCE in these fonts; the cap keeps the search short. */
const MAX_RUN = 8;

const add = (a: Point, b: Point): Point => [a[0] + b[0], a[1] + b[1]];
const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];
const times = (a: Point, k: number): Point => [a[0] * k, a[1] * k];
const dot = (a: Point, b: Point) => a[0] * b[0] + a[1] * b[1];
const length = (a: Point) => Math.hypot(a[0], a[1]);
const unit = (a: Point): Point => times(a, 1 / (length(a) || 1));

const quadAt = (from: Point, control: Point, to: Point, t: number): Point =>
  add(add(times(from, (1 - t) ** 2), times(control, 2 * (1 - t) * t)), times(to, t * t));

function cubicAt(p: readonly Point[], t: number, derivative = 0): Point {
  const [p0, p1, p2, p3] = p as [Point, Point, Point, Point];
  const s = 1 - t;
  if (derivative === 1)
    return add(
      add(times(sub(p1, p0), 3 * s * s), times(sub(p2, p1), 6 * s * t)),
      times(sub(p3, p2), 3 * t * t),
    );
  if (derivative === 2)
    return add(times(add(sub(p2, times(p1, 2)), p0), 6 * s), times(add(sub(p3, times(p2, 2)), p1), 6 * t));
  return add(
    add(times(p0, s ** 3), times(p1, 3 * s * s * t)),
    add(times(p2, 3 * s * t * t), times(p3, t ** 3)),
  );
}

/**
 * One cubic through `from` and the run's end, leaving and arriving along the run's own tangents, or
 * undefined when none stays within TOLERANCE. Least squares for the two handle lengths on points of
 * the run, then Newton's step on each point's parameter (Schneider's fitting, tangents held).
 */
function fitRun(from: Point, run: readonly { control: Point; to: Point }[]): Segment | undefined {
  const first = run[0];
  const last = run.at(-1);
  if (!first || !last) return undefined;
  const end = last.to;
  const startTangent = unit(sub(first.control, from));
  const endTangent = unit(sub(end, last.control));
  const samples: Point[] = [];
  let start = from;
  for (const quad of run) {
    for (const t of [0.25, 0.5, 0.75, 1]) samples.push(quadAt(start, quad.control, quad.to, t));
    start = quad.to;
  }
  // Chord-length parameters to start from: each point's share of the distance along the run.
  let walked = 0;
  const distances = samples.map((sample, index) => {
    walked += length(sub(sample, samples[index - 1] ?? from));
    return walked;
  });
  const params = distances.map((distance) => distance / walked);
  let curve: Point[] = [];
  for (let round = 0; round < 4; round++) {
    let [aa, ab, bb, ar, br] = [0, 0, 0, 0, 0];
    samples.forEach((sample, index) => {
      const t = params[index] ?? 0;
      const s = 1 - t;
      const a = times(startTangent, 3 * s * s * t);
      const b = times(endTangent, -3 * s * t * t);
      const rest = sub(sample, add(times(from, s ** 3 + 3 * s * s * t), times(end, 3 * s * t * t + t ** 3)));
      [aa, ab, bb, ar, br] = [
        aa + dot(a, a),
        ab + dot(a, b),
        bb + dot(b, b),
        ar + dot(a, rest),
        br + dot(b, rest),
      ];
    });
    const determinant = aa * bb - ab * ab;
    if (Math.abs(determinant) < 1e-12) return undefined;
    const alpha = (ar * bb - br * ab) / determinant;
    const beta = (aa * br - ab * ar) / determinant;
    if (!(alpha > 0 && beta > 0)) return undefined;
    curve = [from, add(from, times(startTangent, alpha)), sub(end, times(endTangent, beta)), end];
    params.forEach((t, index) => {
      const off = sub(cubicAt(curve, t), samples[index] ?? from);
      const d1 = cubicAt(curve, t, 1);
      const denominator = dot(d1, d1) + dot(off, cubicAt(curve, t, 2));
      if (denominator > 0) params[index] = Math.min(1, Math.max(0, t - dot(off, d1) / denominator));
    });
  }
  const worst = Math.max(
    ...samples.map((sample, index) => length(sub(cubicAt(curve, params[index] ?? 0), sample))),
  );
  const [, control1, control2] = curve as [Point, Point, Point, Point];
  return worst <= TOLERANCE ? { kind: 'cubic', control1, control2, to: end } : undefined;
}

/** Whether the curve turns no corner where `previous` ends and `next` begins. */
const smooth = (previousControl: Point, joint: Point, nextControl: Point) => {
  const incoming = unit(sub(joint, previousControl));
  const outgoing = unit(sub(nextControl, joint));
  return dot(incoming, outgoing) > 0.999;
};

/** The contour with each smooth run of quadratics drawn by as few cubics as stay within TOLERANCE. */
export function mergeQuadratics(contour: Contour): Contour {
  const segments: Segment[] = [];
  const input = contour.segments;
  let point = contour.from;
  let index = 0;
  while (index < input.length) {
    const segment = input[index] as Segment;
    const run: { control: Point; to: Point }[] = [];
    for (let next = index; next < input.length; next++) {
      const candidate = input[next] as Segment;
      const previous = run.at(-1);
      if (candidate.kind !== 'quad') break;
      if (previous && !smooth(previous.control, previous.to, candidate.control)) break;
      run.push(candidate);
    }
    // The longest prefix of the run that one cubic draws; a single quadratic stays one (shorter).
    let taken = 1;
    let merged: Segment = segment;
    for (let count = Math.min(run.length, MAX_RUN); count >= 2; count--) {
      const fitted = fitRun(point, run.slice(0, count));
      if (fitted) {
        [taken, merged] = [count, fitted];
        break;
      }
    }
    segments.push(merged);
    point = merged.to;
    index += taken;
  }
  return { from: contour.from, segments };
}

/** One decimal place: a tenth of a CSS pixel is below what a 1x or 2x screen shows. */
export const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * Path data in relative commands, each step the difference of two already rounded points so rounding
 * never drifts; numbers joined without the spaces a sign or a second point makes needless.
 */
export class PathWriter {
  data = '';
  /** The rightmost point drawn: the logo's width follows it. */
  right = 0;
  private x = 0;
  private y = 0;
  private last = '';
  /** The last quadratic's control point (as a reader derives it), while a smooth one may follow. */
  private control: Point | undefined;

  private append(value: number) {
    const shown = String(tenth(value)).replace(/^(-?)0\./, '$1.');
    const before = /[\d.]+$/.exec(this.data)?.[0];
    const joins =
      before === undefined || shown.startsWith('-') || (shown.startsWith('.') && before.includes('.'));
    this.data += joins ? shown : ` ${shown}`;
  }

  private emit(command: string, values: number[]) {
    // A command repeated needs no letter; after a moveto, bare pairs would be linetos, so m keeps it.
    if (command !== this.last || command === 'm') this.data += command;
    for (const value of values) this.append(value);
    this.last = command;
  }

  private to(command: string, points: readonly Point[]) {
    const rounded = points.map(([x, y]) => [tenth(x), tenth(y)] as const);
    const steps = rounded.flatMap(([x, y]) => [tenth(x - this.x), tenth(y - this.y)]);
    for (const [x] of rounded) this.right = Math.max(this.right, x);
    const [dx, dy] = steps.slice(-2) as [number, number];
    const control = rounded[0] as Point;
    const reflected: Point = this.control
      ? [2 * this.x - this.control[0], 2 * this.y - this.control[1]]
      : [NaN, NaN];
    const near = (a: number, b: number) => Math.abs(a - b) <= 0.11;
    if (command === 'l' && dx === 0 && dy === 0) return;
    if (command === 'l' && dy === 0) this.emit('h', [dx]);
    else if (command === 'l' && dx === 0) this.emit('v', [dy]);
    // Most TrueType quadratics continue smoothly (implied on-curve points are midpoints): t leaves
    // the control point to the reader, who reflects the previous one.
    else if (command === 'q' && near(reflected[0], control[0]) && near(reflected[1], control[1])) {
      this.emit('t', [dx, dy]);
      this.control = [tenth(reflected[0]), tenth(reflected[1])];
    } else this.emit(command, steps);
    if (command !== 'q') this.control = undefined;
    else if (this.last === 'q') this.control = control;
    [this.x, this.y] = rounded.at(-1) as Point;
  }

  contour({ from, segments }: Contour) {
    this.control = undefined;
    this.to('m', [from]);
    const start = [this.x, this.y] as const;
    for (const segment of segments) {
      if (segment.kind === 'line') this.to('l', [segment.to]);
      else if (segment.kind === 'quad') this.to('q', [segment.control, segment.to]);
      else this.to('c', [segment.control1, segment.control2, segment.to]);
    }
    this.data += 'z';
    this.last = 'z';
    [this.x, this.y] = start;
  }
}
