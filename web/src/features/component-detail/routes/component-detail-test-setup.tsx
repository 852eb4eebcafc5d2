import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Version } from '#shared/schemas/approvals';
import type { Comment } from '#shared/schemas/comments';
import type { Component } from '#shared/schemas/component';
import type { Attachment } from '#shared/schemas/files';
import type { ComponentLink } from '#shared/schemas/links';
import { toaster } from '#web/components/ui/toast-region.tsx';
import { aComponent } from '#web/testing/component-fixture.ts';
import { csrfHandler, mockApi, type Handler, type MockResponse } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { ComponentDetailRoute } from './component-detail';

/*
 * What the detail page's tests share: the signed-in user, the part they look at, makers of its
 * attachments and versions, the page rendered over a mock API, and the toast check.
 */

export const user = {
  id: 'u1',
  email: 'jo@example.com',
  username: 'jo',
  name: 'Jo Miller',
  firstName: 'Jo',
  lastName: 'Miller',
  role: 'user',
};

export const relay = aComponent({
  id: 7,
  reference: '3RT2015-1BB41',
  manufacturer: 'Siemens',
  class: 'Relay',
  type: 'Contactor',
  series: 'SIRIUS',
  width: 45,
  description: 'Contactor, 3 kW',
});

export const anAttachment = (id: string, fields: Partial<Attachment>): Attachment => ({
  id,
  componentId: 7,
  fileName: `${id}.pdf`,
  fileType: 'application/pdf',
  size: 2048,
  isApproved: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  username: 'jo',
  imageSource: null,
  sourceMetadata: null,
  sourceConfidence: null,
  url: `/api/attachments/${id}/download`,
  ...fields,
});

export const version = (versionNumber: number, fields: Partial<Version>): Version => ({
  id: `7-${versionNumber}`,
  versionNumber,
  changeDescription: versionNumber === 1 ? 'Component created' : 'Edit approved',
  changedFields: [],
  previousData: {},
  changeData: {},
  username: 'admin',
  createdAt: `2026-03-0${versionNumber}T10:00:00.000Z`,
  ...fields,
});

interface Setup {
  component?: Component;
  attachments?: Attachment[];
  versions?: Version[];
  comments?: Comment[];
  links?: ComponentLink[];
  extra?: Record<string, Handler | MockResponse>;
  /** The address opened (the part's own unless given). */
  at?: string;
}

export const renderDetail = ({
  component = relay,
  attachments = [],
  versions = [],
  comments = [],
  links = [],
  extra = {},
  at,
}: Setup = {}) => {
  const server = mockApi({
    'GET /api/csrf-token': csrfHandler,
    'GET /api/user': { body: user },
    [`GET /api/components/${component.id}`]: { body: component },
    [`GET /api/components/${component.id}/attachments`]: { body: attachments },
    [`GET /api/components/${component.id}/versions`]: { body: versions },
    [`GET /api/components/${component.id}/comments`]: { body: comments },
    [`GET /api/components/${component.id}/links`]: { body: links },
    [`GET /api/components/${component.id}/related`]: {
      body: [aComponent({ id: 8, reference: '3RT2016-1BB41', manufacturer: 'Siemens' })],
    },
    'GET /api/components/options': {
      body: { manufacturers: ['Siemens', 'Harting'], classes: ['Relay', 'Connectors'], types: ['Contactor'] },
    },
    [`POST /api/components/${component.id}/view`]: {
      body: { id: component.id, componentReference: component.reference, viewedAt: '2026-03-05T10:00:00.000Z' },
    },
    ...extra,
  });
  const rendered = renderRoutes(
    [
      { path: '/component-hub/components/:id', element: <ComponentDetailRoute /> },
      { path: '/component-hub/components', element: <p>component list</p> },
    ],
    at ?? `/component-hub/components/${component.id}`,
  );
  return { server, ...rendered };
};

/**
 * Finds the toast, then removes it: jsdom runs no exit animation, so a dismissed toast would
 * hold the one-toast queue and the next toast would never show.
 */
export const toastWith = async (title: string, description?: string) => {
  const titleNode = await screen.findByText(title, { selector: '[data-part="title"]' });
  const root = titleNode.closest('[data-part="root"]') as HTMLElement;
  if (description !== undefined) expect(within(root).getByText(description)).toBeInTheDocument();
  act(() => toaster.remove());
};
