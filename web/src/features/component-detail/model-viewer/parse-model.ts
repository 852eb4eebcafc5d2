import type { ModelFormat, ModelMesh, ParseAnswer } from './protocol.ts';

/** The worker's address, set by scripts/build-web.ts (it bundles the worker on its own). */
declare const __OCCT_WORKER_URL__: string | undefined;

/** A model the worker could not turn into triangles. */
export class UnreadableModelError extends Error {}

/**
 * Reads a STEP or IGES file into triangles in a worker of its own, which ends with the answer or
 * when `signal` aborts (the viewer closed). The bytes are handed over, not copied.
 */
export const parseModel = (format: ModelFormat, bytes: ArrayBuffer, signal?: AbortSignal): Promise<ModelMesh[]> =>
  new Promise((resolve, reject) => {
    if (typeof __OCCT_WORKER_URL__ === 'undefined') {
      reject(new Error('this build has no 3D model worker'));
      return;
    }
    const worker = new Worker(__OCCT_WORKER_URL__, { name: 'occt' });
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      end();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort);
    worker.onmessage = (event: MessageEvent<ParseAnswer>) => {
      end();
      if (event.data.ok) resolve(event.data.meshes);
      else reject(new UnreadableModelError(event.data.error));
    };
    // The worker failed to load or crashed (out of memory on a huge model, for one).
    worker.onerror = (event) => {
      event.preventDefault();
      end();
      reject(new UnreadableModelError(event.message || 'the 3D model worker failed'));
    };
    worker.postMessage({ format, bytes }, [bytes]);
  });
