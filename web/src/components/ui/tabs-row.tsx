import { Tabs } from '@chakra-ui/react/tabs';

interface LineTabsProps<T extends string> extends Omit<Tabs.RootProps, 'value' | 'onValueChange'> {
  /** The chosen tab's value. */
  value: T;
  onTabChange: (value: T) => void;
}

/** The app's tabs: the chosen one underlined in blue, chosen by its value. */
export const LineTabs = <T extends string>({ value, onTabChange, ...props }: LineTabsProps<T>) => (
  <Tabs.Root
    value={value}
    onValueChange={(details) => onTabChange(details.value as T)}
    variant="line"
    colorPalette="blue"
    {...props}
  />
);

/**
 * A row of tabs that wraps onto further lines when the screen is too narrow for it, so every tab
 * is in sight and reachable by a tap, never hidden past the edge of a row that must be swiped.
 */
export const TabsRow = (props: Tabs.ListProps) => <Tabs.List flexWrap="wrap" rowGap="1" {...props} />;

/** A tab whose label stays on one line at its full width; the list around it wraps or scrolls instead. */
export const RowTab = (props: Tabs.TriggerProps) => <Tabs.Trigger whiteSpace="nowrap" flexShrink={0} {...props} />;
