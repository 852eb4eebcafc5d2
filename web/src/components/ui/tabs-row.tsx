import { Tabs } from '@chakra-ui/react/tabs';

/**
 * A row of tabs that wraps onto further lines when the screen is too narrow for it, so every tab
 * is in sight and reachable by a tap, never hidden past the edge of a row that must be swiped.
 */
export const TabsRow = (props: Tabs.ListProps) => <Tabs.List flexWrap="wrap" rowGap="1" {...props} />;
