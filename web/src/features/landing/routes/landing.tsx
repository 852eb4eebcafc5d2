import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { Boxes, Calculator, FolderOpen, LogOut, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '#web/components/ui/toaster.tsx';
import { appConfig, type WorkspaceTool } from '#web/config/env.ts';
import { paths } from '#shared/app-paths';
import { displayName, logout, useUser } from '#web/lib/auth.tsx';
import { ComingSoonDialog } from '../components/coming-soon-dialog';
import { ToolTile } from '../components/tool-tile';

const CALCULATOR = 'Voltage Drop Calculator';
/** The workspace tools' icons, in the configuration's order: the team's workspace, then the documents. */
const workspaceIcons = [<Users />, <FolderOpen />];

/** /landing: the welcome page and toolbox. */
export const LandingRoute = () => {
  const { user } = useUser();
  const navigate = useNavigate();
  const [calculatorOpen, setCalculatorOpen] = useState(false);

  const openExternal = ({ name, url }: WorkspaceTool) => {
    window.open(url, '_blank', 'noopener,noreferrer');
    notify({ type: 'info', title: `${name} opened` });
  };

  return (
    <Box minHeight="100dvh">
      <Flex
        as="header"
        bg="bg"
        borderBottomWidth="1px"
        px={{ base: '4', md: '8' }}
        py="3"
        align="center"
        justify="space-between"
      >
        <Text fontWeight="bold" color="blue.800">
          Component Hub
        </Text>
        <Button variant="outline" size="sm" onClick={() => void logout()}>
          <LogOut aria-hidden />
          Logout
        </Button>
      </Flex>
      <Container as="main" maxWidth="5xl" py={{ base: '8', md: '12' }}>
        <Heading as="h1" size="3xl" mb="2">
          Welcome {displayName(user)}
        </Heading>
        <Text color="fg.muted" mb="8">
          Choose a tool to get started.
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="6">
          {appConfig.workspaceTools.map((tool, index) => (
            <ToolTile
              key={tool.name}
              title={tool.name}
              description={tool.description}
              icon={workspaceIcons[index]}
              hint="opens in a new tab"
              onOpen={() => openExternal(tool)}
            />
          ))}
          <ToolTile
            title="Component Hub"
            description="Search, filter and manage electrical components"
            icon={<Boxes />}
            onOpen={() => void navigate(paths.hub.dashboard.href())}
          />
          <ToolTile
            title={CALCULATOR}
            description="Size cables by their voltage drop"
            icon={<Calculator />}
            onOpen={() => setCalculatorOpen(true)}
          />
        </SimpleGrid>
      </Container>
      <ComingSoonDialog toolName={CALCULATOR} open={calculatorOpen} onClose={() => setCalculatorOpen(false)} />
    </Box>
  );
};

export default LandingRoute;
