import { ComponentDetailRoute } from '#web/features/component-detail/routes/component-detail.tsx';
import { WatchButtons } from '#web/features/watches/components/watch-buttons.tsx';

/** The part's page with the watches feature's Watch buttons in its header. */
const ComponentDetail = () => (
  <ComponentDetailRoute
    actions={(component) => (
      <WatchButtons
        componentId={component.id}
        reference={component.reference}
        componentClass={component.class || null}
      />
    )}
  />
);

export default ComponentDetail;
