/** occt-import-js ships no types: the part of its interface the viewer's worker uses. */
declare module 'occt-import-js' {
  export interface OcctMesh {
    name?: string;
    color?: [number, number, number];
    attributes: {
      position: { array: number[] };
      normal?: { array: number[] };
    };
    index: { array: number[] };
  }
  export interface OcctResult {
    success: boolean;
    meshes: OcctMesh[];
  }
  export interface OcctParams {
    linearUnit?: 'millimeter' | 'centimeter' | 'meter' | 'inch' | 'foot';
    linearDeflectionType?: 'bounding_box_ratio' | 'absolute_value';
    linearDeflection?: number;
    angularDeflection?: number;
  }
  export interface Occt {
    ReadStepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
    ReadIgesFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  }
  const occtimportjs: (module?: { locateFile?: (path: string, prefix: string) => string }) => Promise<Occt>;
  export default occtimportjs;
}

/** A `.wasm` file bundled by the build: its address. */
declare module '*.wasm' {
  const url: string;
  export default url;
}
