/**
 * The 3D viewer's worker: OpenCascade (compiled to WebAssembly) reads a STEP or IGES file and
 * turns its solids into triangles. It runs here, off the page's thread, so a big model never
 * freezes the page; the file is only ever data to it. scripts/build-web.ts bundles this file on
 * its own, with the .wasm beside it.
 */
import occtimportjs, { type Occt, type OcctResult } from 'occt-import-js';
import wasmUrl from 'occt-import-js/dist/occt-import-js.wasm';
import { transferablesOf, type ModelMesh, type ParseAnswer, type ParseRequest } from './protocol.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
  postMessage(message: ParseAnswer, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let occt: Promise<Occt> | undefined;
const loadOcct = () => (occt ??= occtimportjs({ locateFile: () => wasmUrl }));

const meshesOf = (result: OcctResult): ModelMesh[] =>
  result.meshes
    .filter((mesh) => mesh.index.array.length >= 3)
    .map((mesh) => ({
      positions: Float32Array.from(mesh.attributes.position.array),
      normals: mesh.attributes.normal ? Float32Array.from(mesh.attributes.normal.array) : null,
      indices: Uint32Array.from(mesh.index.array),
      color: mesh.color ?? null,
    }));

const parse = async ({ format, bytes }: ParseRequest): Promise<ParseAnswer> => {
  const library = await loadOcct();
  const content = new Uint8Array(bytes);
  const result = format === 'iges' ? library.ReadIgesFile(content, null) : library.ReadStepFile(content, null);
  const meshes = result.success ? meshesOf(result) : [];
  // A file OpenCascade reads without one solid in it (a header, a drawing only) shows nothing either.
  return meshes.length > 0 ? { ok: true, meshes } : { ok: false, error: 'no solids in the file' };
};

scope.onmessage = (event) => {
  parse(event.data).then(
    (answer) => scope.postMessage(answer, transferablesOf(answer)),
    (error: unknown) => scope.postMessage({ ok: false, error: String(error) }, []),
  );
};
