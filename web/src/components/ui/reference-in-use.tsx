import type { Component } from '#shared/schemas/component';
import { paths } from '#shared/app-paths';
import { InlineAlert } from './inline-alert';
import { AppLink } from './link';

/** The warning under a reference that another part already has (case and separators aside). */
export const ReferenceInUseNotice = ({ part }: { part: Pick<Component, 'id' | 'reference' | 'manufacturer'> }) => (
  <InlineAlert status="warning" title="This reference is already in use">
    <AppLink to={paths.hub.component.href(part.id)}>{part.reference}</AppLink>
    {part.manufacturer ? ` (${part.manufacturer})` : ''} already has it. Check that this part is not the same one before
    submitting.
  </InlineAlert>
);
