/**
 * The 3D viewer's drawing: three.js renders the triangles on a canvas, lit from the camera, and
 * OrbitControls turns (drag, arrow keys once focused), zooms (wheel, pinch) and pans (right
 * drag) the view. Loaded only when a viewer opens: three.js is a chunk of its own.
 */
import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  Group,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { ModelMesh } from './protocol.ts';

/** A solid the file gives no colour: a neutral grey-blue. */
const DEFAULT_COLOR = 0x9aa5b1;

export interface MountedScene {
  /** Triangles drawn in the first frame. */
  triangles: number;
  /** The camera back where it started. */
  resetView(): void;
  dispose(): void;
}

/** Puts a canvas showing the meshes into `container` and keeps it sized to it. */
export const mountScene = (container: HTMLElement, meshes: readonly ModelMesh[], label: string): MountedScene => {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const canvas = renderer.domElement;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  canvas.tabIndex = 0;
  canvas.style.display = 'block';
  canvas.style.touchAction = 'none';

  const scene = new Scene();
  scene.background = new Color(0xf4f5f7);
  const model = new Group();
  const materials: MeshStandardMaterial[] = [];
  for (const mesh of meshes) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(mesh.positions, 3));
    geometry.setIndex(new BufferAttribute(mesh.indices, 1));
    if (mesh.normals && mesh.normals.length === mesh.positions.length)
      geometry.setAttribute('normal', new BufferAttribute(mesh.normals, 3));
    else geometry.computeVertexNormals();
    const material = new MeshStandardMaterial({
      color: mesh.color ? new Color(...mesh.color) : DEFAULT_COLOR,
      metalness: 0.1,
      roughness: 0.6,
      // Exporters do not all orient faces outwards: both sides are drawn.
      side: DoubleSide,
    });
    materials.push(material);
    model.add(new Mesh(geometry, material));
  }
  scene.add(model);

  // The view frames the model's bounding sphere, whatever its units.
  const bounds = new Box3().setFromObject(model).getBoundingSphere(new Sphere());
  const radius = bounds.radius > 0 ? bounds.radius : 1;
  const camera = new PerspectiveCamera(40, 1, radius / 100, radius * 100);
  const home = bounds.center.clone().add(new Vector3(1, 0.8, 1.2).normalize().multiplyScalar(radius * 2.8));
  camera.position.copy(home);
  scene.add(new HemisphereLight(0xffffff, 0x8d8d8d, 1.6));
  const light = new DirectionalLight(0xffffff, 1.8);
  light.position.set(0.5, 1, 0.8);
  camera.add(light);
  scene.add(camera);

  const controls = new OrbitControls(camera, canvas);
  controls.target.copy(bounds.center);
  controls.listenToKeyEvents(canvas);
  controls.update();

  const render = () => renderer.render(scene, camera);
  const resize = () => {
    const width = Math.max(1, container.clientWidth);
    const height = Math.max(1, container.clientHeight);
    renderer.setSize(width, height);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    render();
  };
  // Drawn when something changes, not every frame: an idle viewer costs nothing.
  controls.addEventListener('change', render);
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  container.append(canvas);
  resize();

  return {
    triangles: renderer.info.render.triangles,
    resetView() {
      camera.position.copy(home);
      controls.target.copy(bounds.center);
      controls.update();
      render();
    },
    dispose() {
      observer.disconnect();
      controls.dispose();
      model.traverse((object) => {
        if (object instanceof Mesh) (object.geometry as BufferGeometry).dispose();
      });
      for (const material of materials) material.dispose();
      renderer.dispose();
      canvas.remove();
    },
  };
};
