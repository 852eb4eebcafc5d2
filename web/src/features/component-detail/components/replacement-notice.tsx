import { paths } from '#shared/app-paths';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { AppLink } from '#web/components/ui/link.tsx';
import { useLinks } from '../api/links';

/** A part that names its replacement leads to it, above everything else on its page. */
export const ReplacementNotice = ({ componentId }: { componentId: number }) => {
  const { links } = useLinks(componentId);
  const replacements = links.filter((link) => link.kind === 'replaced-by');
  if (replacements.length === 0) return null;
  return (
    <InlineAlert status="info" mb="4" data-testid="replacement-notice">
      Replaced by{' '}
      {replacements.map((link, index) => (
        <span key={link.id}>
          {index > 0 && ', '}
          <AppLink to={paths.hub.component.href(link.otherId)} fontWeight="semibold">
            {link.reference}
          </AppLink>
        </span>
      ))}
      .
    </InlineAlert>
  );
};
