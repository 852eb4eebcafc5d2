/**
 * The messages between the 3D viewer and its worker: the page sends a model file's bytes, the
 * worker answers with the triangles OpenCascade made of it, or with why it could not.
 */

/** The exchange formats the viewer reads. */
export type ModelFormat = 'step' | 'iges';

export interface ParseRequest {
  format: ModelFormat;
  bytes: ArrayBuffer;
}

/** One solid's surface as triangles, ready for a GPU buffer. */
export interface ModelMesh {
  /** x, y, z of each vertex. */
  positions: Float32Array;
  /** One normal per vertex, when the file's faces gave them. */
  normals: Float32Array | null;
  /** Three vertex numbers a triangle. */
  indices: Uint32Array;
  /** The colour the file gives the solid, each channel 0..1, if any. */
  color: [number, number, number] | null;
}

export type ParseAnswer = { ok: true; meshes: ModelMesh[] } | { ok: false; error: string };

/** The buffers an answer hands over to the page instead of copying them. */
export const transferablesOf = (answer: ParseAnswer): ArrayBuffer[] =>
  answer.ok
    ? answer.meshes.flatMap((mesh) =>
        [mesh.positions, mesh.normals, mesh.indices].flatMap((array) => (array ? [array.buffer as ArrayBuffer] : [])),
      )
    : [];

/** Triangles in a model, all meshes together. */
export const triangleCount = (meshes: readonly ModelMesh[]): number =>
  meshes.reduce((sum, mesh) => sum + mesh.indices.length / 3, 0);
