import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Box as BoxIcon, EyeOff, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Attachment } from '#shared/schemas/files';
import { api } from '#web/lib/api-client.ts';
import { formatSize } from './attachment-groups';
import { parseModel, UnreadableModelError } from '../model-viewer/parse-model';
import { triangleCount, type ModelFormat, type ModelMesh } from '../model-viewer/protocol';
import type { MountedScene } from '../model-viewer/model-scene';

/** Larger models are only downloaded: reading one takes a phone too long and too much memory. */
export const VIEWER_MAX_BYTES = 8 * 1024 * 1024;

type ViewerState =
  | { kind: 'loading' }
  | { kind: 'too-large'; size: number }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; meshes: ModelMesh[] };

const UNREADABLE = 'This model could not be read.';
const NOT_DOWNLOADED = 'The model could not be downloaded.';
const NO_WEBGL = 'This browser cannot draw 3D models (WebGL is off or missing).';

/** The type the server gave the file (from its name, checked against its bytes). */
const formatOf = ({ fileType }: Pick<Attachment, 'fileType'>): ModelFormat =>
  fileType === 'model/iges' ? 'iges' : 'step';

type ModelAttachment = Pick<Attachment, 'id' | 'fileName' | 'fileType' | 'size'>;

/** Downloads the file from the bucket (a short-lived address) and reads it in the worker. */
const loadModel = async (attachment: ModelAttachment, signal: AbortSignal): Promise<ViewerState> => {
  if (attachment.size > VIEWER_MAX_BYTES) return { kind: 'too-large', size: attachment.size };
  let bytes: ArrayBuffer;
  try {
    const { url } = await api.get<{ url: string }>(`/attachments/${encodeURIComponent(attachment.id)}/download`);
    const response = await fetch(url, { signal, credentials: 'omit' });
    if (!response.ok) throw new Error(`the bucket answered ${response.status}`);
    bytes = await response.arrayBuffer();
  } catch (error) {
    if (signal.aborted) throw error;
    console.error('3D model download failed', error);
    return { kind: 'failed', message: NOT_DOWNLOADED };
  }
  if (bytes.byteLength > VIEWER_MAX_BYTES) return { kind: 'too-large', size: bytes.byteLength };
  try {
    return { kind: 'ready', meshes: await parseModel(formatOf(attachment), bytes, signal) };
  } catch (error) {
    if (signal.aborted) throw error;
    if (!(error instanceof UnreadableModelError)) console.error('3D model worker failed', error);
    return { kind: 'failed', message: UNREADABLE };
  }
};

/** The canvas: three.js is fetched when the first model is ready to be drawn. */
const ModelCanvas = ({ meshes, label, onFailed }: { meshes: ModelMesh[]; label: string; onFailed: () => void }) => {
  const container = useRef<HTMLDivElement>(null);
  const scene = useRef<MountedScene | null>(null);
  const [triangles, setTriangles] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import('../model-viewer/model-scene')
      .then(({ mountScene }) => {
        if (cancelled || !container.current) return;
        scene.current = mountScene(container.current, meshes, label);
        setTriangles(scene.current.triangles);
      })
      .catch((error: unknown) => {
        console.error('3D view failed', error);
        if (!cancelled) onFailed();
      });
    return () => {
      cancelled = true;
      scene.current?.dispose();
      scene.current = null;
    };
  }, [meshes, label, onFailed]);

  return (
    <>
      <Box ref={container} height={{ base: '72', md: '420px' }} position="relative" />
      <HStack px="3" py="2" gap="3" wrap="wrap" justify="space-between" borderTopWidth="1px">
        <Text fontSize="sm" color="fg.muted">
          {triangles === null
            ? `Drawing ${triangleCount(meshes).toLocaleString('en')} triangles…`
            : `${triangles.toLocaleString('en')} triangles · drag to turn, scroll or pinch to zoom, right-drag to pan`}
        </Text>
        <Button size="xs" variant="outline" onClick={() => scene.current?.resetView()} disabled={triangles === null}>
          <RotateCcw aria-hidden />
          Reset view
        </Button>
      </HStack>
    </>
  );
};

/**
 * 'View 3D' beside a STEP or IGES model: the file is fetched from the bucket as bytes, read by
 * OpenCascade in a worker and drawn on a canvas. The file is data to the viewer, never a page of
 * the app's; the download link beside it stays for every outcome.
 */
export const ModelViewer = ({ attachment }: { attachment: ModelAttachment }) => {
  const { id, fileName, fileType, size } = attachment;
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<ViewerState>({ kind: 'loading' });

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    loadModel({ id, fileName, fileType, size }, controller.signal).then(setState, (error: unknown) => {
      if (!controller.signal.aborted) console.error('3D viewer failed', error);
    });
    return () => controller.abort();
  }, [open, id, fileName, fileType, size]);

  const onDrawFailed = useCallback(() => setState({ kind: 'failed', message: NO_WEBGL }), []);
  const toggle = () => {
    if (!open) setState({ kind: 'loading' });
    setOpen(!open);
  };

  const label = `3D view of ${fileName}`;
  const message = (text: string, tone: 'muted' | 'error' = 'error') => (
    <Text
      p="3"
      fontSize="sm"
      color={tone === 'error' ? 'red.fg' : 'fg.muted'}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {text}
    </Text>
  );

  return (
    <>
      <Button size="xs" variant="ghost" onClick={toggle} aria-expanded={open}>
        {open ? <EyeOff aria-hidden /> : <BoxIcon aria-hidden />}
        {open ? 'Hide 3D view' : 'View 3D'}
      </Button>
      {open && (
        <Box
          role="region"
          aria-label={label}
          aria-busy={state.kind === 'loading'}
          width="full"
          borderWidth="1px"
          borderRadius="md"
          overflow="hidden"
          bg="bg.subtle"
        >
          {state.kind === 'loading' && message('Loading 3D model…', 'muted')}
          {state.kind === 'too-large' &&
            message(
              `This model is too large to view here (${formatSize(state.size)}; the viewer opens models up to ${formatSize(VIEWER_MAX_BYTES)}). Download it instead.`,
            )}
          {state.kind === 'failed' && message(`${state.message} Download it to open it in a CAD program.`)}
          {state.kind === 'ready' && (
            <ModelCanvas meshes={state.meshes} label={`Model of ${fileName}`} onFailed={onDrawFailed} />
          )}
        </Box>
      )}
    </>
  );
};
