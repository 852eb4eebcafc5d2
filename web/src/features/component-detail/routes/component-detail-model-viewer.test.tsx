import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelMesh, ParseAnswer, ParseRequest } from '../model-viewer/protocol';
import { anAttachment, renderDetail } from './component-detail-test-setup';

/*
 * The 3D viewer on the Attachments tab. The worker is replaced at its boundary (the browser's
 * Worker: what the page posts, what it answers) and so is three.js's canvas (jsdom has no WebGL):
 * what is tested is the page's part, from the button to the states it shows.
 */

const scene = vi.hoisted(() => ({
  mounted: [] as { meshes: readonly unknown[]; label: string; disposed: boolean }[],
}));
vi.mock('../model-viewer/model-scene', () => ({
  mountScene: (container: HTMLElement, meshes: readonly { indices: Uint32Array }[], label: string) => {
    const entry = { meshes, label, disposed: false };
    scene.mounted.push(entry);
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    container.append(canvas);
    return {
      triangles: meshes.reduce((sum, mesh) => sum + mesh.indices.length / 3, 0),
      resetView: () => undefined,
      dispose: () => {
        entry.disposed = true;
        canvas.remove();
      },
    };
  },
}));

class FakeWorker {
  static created: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<ParseAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  posted: { message: ParseRequest; transfer: Transferable[] }[] = [];
  terminated = false;
  constructor(
    readonly url: string,
    readonly options?: WorkerOptions,
  ) {
    FakeWorker.created.push(this);
  }
  postMessage(message: ParseRequest, transfer: Transferable[]) {
    this.posted.push({ message, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: ParseAnswer) {
    act(() => this.onmessage?.({ data } as MessageEvent<ParseAnswer>));
  }
}

/** A unit square as two triangles. */
const square = (): ModelMesh => ({
  positions: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
  normals: null,
  indices: new Uint32Array([0, 1, 2, 0, 2, 3]),
  color: null,
});

const stepText = 'ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n';
const plug = anAttachment('01JMODEL', { fileName: 'plug.step', fileType: 'model/step', size: stepText.length });

/** The detail page with these attachments, the bucket serving the model's bytes. */
const renderWith = (attachment = plug, bucket: { status?: number } = {}) =>
  renderDetail({
    attachments: [attachment],
    extra: {
      [`GET /api/attachments/${attachment.id}/download`]: {
        body: { url: `http://s3.test/bucket/${attachment.fileName}?X-Amz-Signature=abc` },
      },
      [`GET /bucket/${attachment.fileName}`]: { status: bucket.status ?? 200, body: stepText },
    },
  });

const openViewer = async (fileName: string) => {
  await userEvent.click(await screen.findByRole('tab', { name: 'Attachments' }));
  const models = await screen.findByRole('list', { name: '3D Models' });
  await userEvent.click(within(models).getByRole('button', { name: 'View 3D' }));
  return screen.getByRole('region', { name: `3D view of ${fileName}` });
};

const theWorker = async () => {
  await vi.waitFor(() => expect(FakeWorker.created).toHaveLength(1));
  const worker = FakeWorker.created[0]!;
  await vi.waitFor(() => expect(worker.posted).toHaveLength(1));
  return worker;
};

beforeEach(() => {
  FakeWorker.created = [];
  scene.mounted = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('__OCCT_WORKER_URL__', '/app/assets/occt-worker-TEST1234.js');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the 3D viewer', () => {
  it("reads the model's bytes from the bucket in the worker, then draws it and tells how many triangles", async () => {
    const { server } = renderWith();
    const viewer = await openViewer('plug.step');
    expect(within(viewer).getByText('Loading 3D model…')).toBeInTheDocument();
    expect(viewer).toHaveAttribute('aria-busy', 'true');

    const worker = await theWorker();
    expect(worker.url).toBe('/app/assets/occt-worker-TEST1234.js');
    const { message, transfer } = worker.posted[0]!;
    expect(message.format).toBe('step');
    expect(new TextDecoder().decode(message.bytes)).toBe(stepText);
    // The bytes are handed over, not copied.
    expect(transfer).toEqual([message.bytes]);
    // Fetched from the bucket's presigned address, without the app's cookies.
    const bucketCall = server.calls.find((call) => call.path.startsWith('/bucket/plug.step'))!;
    expect(bucketCall.credentials).toBe('omit');
    expect(within(viewer).getByText('Loading 3D model…')).toBeInTheDocument();

    worker.answer({ ok: true, meshes: [square(), square()] });
    expect(await within(viewer).findByText(/^4 triangles/)).toBeInTheDocument();
    expect(within(viewer).getByRole('img', { name: 'Model of plug.step' })).toBeInTheDocument();
    expect(scene.mounted).toHaveLength(1);
    expect(scene.mounted[0]!.meshes).toHaveLength(2);
    expect(worker.terminated).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Hide 3D view' }));
    expect(screen.queryByRole('region', { name: '3D view of plug.step' })).not.toBeInTheDocument();
    expect(scene.mounted[0]!.disposed).toBe(true);
    expect(screen.getByRole('link', { name: 'plug.step' })).toBeInTheDocument();
  });

  it('says a model the worker cannot read could not be read; the download link stays', async () => {
    renderWith();
    const viewer = await openViewer('plug.step');
    const worker = await theWorker();
    worker.answer({ ok: false, error: 'no solids in the file' });
    expect(await within(viewer).findByRole('alert')).toHaveTextContent(/^This model could not be read\./);
    expect(scene.mounted).toHaveLength(0);
    expect(worker.terminated).toBe(true);
    expect(screen.getByRole('link', { name: 'plug.step' })).toBeInTheDocument();
  });

  it('says so when the worker itself fails (a crash, a script that would not load)', async () => {
    renderWith();
    const viewer = await openViewer('plug.step');
    const worker = await theWorker();
    act(() => worker.onerror?.(new ErrorEvent('error', { message: 'out of memory' })));
    expect(await within(viewer).findByRole('alert')).toHaveTextContent(/^This model could not be read\./);
    expect(worker.terminated).toBe(true);
  });

  it('reads an IGES file as IGES', async () => {
    renderWith(anAttachment('01JIGES', { fileName: 'bracket.igs', fileType: 'model/iges', size: 120 }));
    await openViewer('bracket.igs');
    expect((await theWorker()).posted[0]!.message.format).toBe('iges');
  });

  it('does not fetch a model larger than the viewer opens, and says why', async () => {
    const { server } = renderWith({ ...plug, size: 9 * 1024 * 1024 });
    const viewer = await openViewer('plug.step');
    expect(within(viewer).getByRole('alert')).toHaveTextContent(
      'This model is too large to view here (9.0 MB; the viewer opens models up to 8.0 MB). Download it instead.',
    );
    expect(server.callsTo('GET /api/attachments/01JMODEL/download')).toHaveLength(0);
    expect(FakeWorker.created).toHaveLength(0);
  });

  it('says the model could not be downloaded when the bucket refuses it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWith(plug, { status: 403 });
    const viewer = await openViewer('plug.step');
    expect(await within(viewer).findByRole('alert')).toHaveTextContent(/^The model could not be downloaded\./);
    expect(FakeWorker.created).toHaveLength(0);
  });

  it('ends the worker when the viewer is closed before the model is read', async () => {
    renderWith();
    await openViewer('plug.step');
    const worker = await theWorker();
    await userEvent.click(screen.getByRole('button', { name: 'Hide 3D view' }));
    expect(worker.terminated).toBe(true);
    worker.answer({ ok: true, meshes: [square()] });
    expect(scene.mounted).toHaveLength(0);
  });
});
