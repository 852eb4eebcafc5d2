/** Settings baked in at build time by scripts/build-web.ts from the environment. */
export interface WorkspaceTool {
  name: string;
  url: string;
  description: string;
}

export interface AppConfig {
  workspaceTools: readonly [WorkspaceTool, WorkspaceTool];
}

/** The AppConfig as JSON. */
declare const __APP_CONFIG__: string | undefined;

/** Used when the build set nothing (unit tests, a bare esbuild run). */
export const defaultAppConfig: AppConfig = {
  workspaceTools: [
    { name: 'Team Workspace', url: 'https://example.com/workspace', description: 'Projects, tasks and team files' },
    { name: 'Document Library', url: 'https://example.com/documents', description: 'Drawings, standards and manuals' },
  ],
};

export const appConfig: AppConfig =
  typeof __APP_CONFIG__ === 'undefined' ? defaultAppConfig : (JSON.parse(__APP_CONFIG__) as AppConfig);
