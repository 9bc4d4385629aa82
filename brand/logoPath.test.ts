import { describe, expect, it } from 'vitest';
import { type Contour, mergeQuadratics, PathWriter, type Point, type Segment } from './logoPath.ts';

/** A TrueType-style circle: `count` quadratics whose joints are the midpoints of their control points. */
function circle(count: number, radius: number, [cx, cy]: Point): Contour {
  const at = (angle: number, r = radius): Point => [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
  const step = (2 * Math.PI) / count;
  const reach = radius / Math.cos(step / 2);
  const segments: Segment[] = [];
  for (let index = 0; index < count; index++)
    segments.push({ kind: 'quad', control: at((index + 0.5) * step, reach), to: at((index + 1) * step) });
  return { from: at(0), segments };
}

/** Points along every segment of a contour, `per` to a segment. */
function trace({ from, segments }: Contour, per = 40): Point[] {
  const points: Point[] = [];
  let start = from;
  for (const segment of segments) {
    for (let step = 1; step <= per; step++) {
      const t = step / per;
      const s = 1 - t;
      const mix = (weights: number[], ps: Point[]): Point => [
        weights.reduce((sum, w, i) => sum + w * (ps[i]?.[0] ?? 0), 0),
        weights.reduce((sum, w, i) => sum + w * (ps[i]?.[1] ?? 0), 0),
      ];
      if (segment.kind === 'line') points.push(mix([s, t], [start, segment.to]));
      else if (segment.kind === 'quad')
        points.push(mix([s * s, 2 * s * t, t * t], [start, segment.control, segment.to]));
      else
        points.push(
          mix(
            [s ** 3, 3 * s * s * t, 3 * s * t * t, t ** 3],
            [start, segment.control1, segment.control2, segment.to],
          ),
        );
    }
    start = segment.to;
  }
  return points;
}

const distanceTo = (points: Point[], [x, y]: Point) =>
  Math.min(...points.map(([px, py]) => Math.hypot(px - x, py - y)));

/** Reads relative path data back into absolute end points, as a browser would. */
function endPoints(data: string): Point[] {
  const tokens = data.match(/[mlhvqtcz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  const arity: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, q: 4, t: 2, c: 6, z: 0 };
  const points: Point[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let command = '';
  for (let index = 0; index < tokens.length; ) {
    const token = tokens[index] ?? '';
    if (/[a-z]/.test(token)) {
      command = token;
      index++;
      if (command === 'z') [x, y] = [startX, startY];
      if (command === 'z') continue;
    }
    const args = tokens.slice(index, index + (arity[command] ?? 0)).map(Number);
    index += args.length;
    if (command === 'h') x += args[0] ?? 0;
    else if (command === 'v') y += args[0] ?? 0;
    else [x, y] = [x + (args.at(-2) ?? 0), y + (args.at(-1) ?? 0)];
    if (command === 'm') [startX, startY] = [x, y];
    points.push([x, y]);
  }
  return points;
}

describe('mergeQuadratics', () => {
  it('draws a TrueType circle with far fewer cubics, never more than 0.05 px off', () => {
    const quadratic = circle(32, 8, [10, 10]);
    const merged = mergeQuadratics(quadratic);
    expect(merged.segments.length).toBeLessThanOrEqual(8);
    expect(merged.segments.every((segment) => segment.kind === 'cubic')).toBe(true);
    const drawn = trace(merged, 200);
    for (const point of trace(quadratic)) expect(distanceTo(drawn, point)).toBeLessThanOrEqual(0.05);
  });

  it('keeps a corner: curves that meet at an angle are not merged across it', () => {
    const corner: Contour = {
      from: [0, 0],
      segments: [
        { kind: 'quad', control: [5, -5], to: [10, 0] },
        { kind: 'quad', control: [15, 5], to: [20, 0] },
        { kind: 'line', to: [0, 0] },
      ],
    };
    expect(mergeQuadratics(corner)).toEqual(corner);
  });
});

describe('PathWriter', () => {
  it('writes relative data that a reader turns back into the same points, to a tenth of a pixel', () => {
    const contour = mergeQuadratics(circle(12, 7.33, [40.06, 20.04]));
    const square: Contour = {
      from: [1.04, 1],
      segments: [
        { kind: 'line', to: [9.96, 1] },
        { kind: 'line', to: [9.96, 9.05] },
        { kind: 'quad', control: [5, 12], to: [1.04, 9.05] },
      ],
    };
    const writer = new PathWriter();
    writer.contour(square);
    writer.contour(contour);
    writer.contour(circle(16, 3, [60, 20]));
    const expected = [square, contour, circle(16, 3, [60, 20])].flatMap(({ from, segments }) => [
      from,
      ...segments.map((segment) => segment.to),
    ]);
    const read = endPoints(writer.data);
    expect(read).toHaveLength(expected.length);
    read.forEach(([x, y], index) => {
      const [ex, ey] = expected[index] ?? [NaN, NaN];
      expect(Math.abs(x - ex)).toBeLessThanOrEqual(0.051);
      expect(Math.abs(y - ey)).toBeLessThanOrEqual(0.051);
    });
    expect(writer.right).toBe(63);
    // Shorthands and joined numbers are what keep a logo small.
    expect(writer.data).toMatch(/h/);
    expect(writer.data).toMatch(/t/);
    expect(writer.data).not.toMatch(/ -|\d\.\d+ \./);
  });
});
