// The package ships no types. Ambient, so it types every importer (src/vision uses it too);
// declared: the parts of Clipper 6.4 the project calls.
declare module "clipper-lib" {
  type IntPoint = { X: number; Y: number };
  type Path = IntPoint[];
  type Paths = Path[];
  class Clipper {
    AddPath(path: Path, polyType: number, closed: boolean): boolean;
    AddPaths(paths: Paths, polyType: number, closed: boolean): boolean;
    Execute(clipType: number, solution: Paths, subjFillType: number, clipFillType: number): boolean;
    Clear(): void;
    static Area(path: Path): number;
  }
  class ClipperOffset {
    constructor(miterLimit?: number, arcTolerance?: number);
    AddPath(path: Path, joinType: number, endType: number): void;
    AddPaths(paths: Paths, joinType: number, endType: number): void;
    Execute(solution: Paths, delta: number): void;
    Clear(): void;
  }
  const ClipperLib: {
    Clipper: typeof Clipper;
    ClipperOffset: typeof ClipperOffset;
    ClipType: { ctIntersection: 0; ctUnion: 1; ctDifference: 2; ctXor: 3 };
    PolyType: { ptSubject: 0; ptClip: 1 };
    PolyFillType: { pftEvenOdd: 0; pftNonZero: 1; pftPositive: 2; pftNegative: 3 };
    JoinType: { jtSquare: 0; jtRound: 1; jtMiter: 2 };
    EndType: { etOpenSquare: 0; etOpenRound: 1; etOpenButt: 2; etClosedLine: 3; etClosedPolygon: 4 };
  };
  export default ClipperLib;
  export type { IntPoint, Path, Paths };
}
