import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Progress } from '@chakra-ui/react/progress';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { CheckCircle2, Search, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { distributorLabels, type DistributorName, type PartSearchResponse } from '#shared/schemas/distributors';
import type { Component } from '#shared/schemas/component';
import { notify, type Notice } from '#web/components/ui/toaster.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { searchDistributor } from '../api/search-distributor';

/** The button's progress steps, the pause before the result, and the return to idle. */
export const SEARCH_PROGRESS_STEPS = [20, 40, 80, 100] as const;
export const RESULT_DELAY_MS = 500;
export const RESET_DELAY_MS = 2000;
/** How long a step stays on screen before the next, so each one is seen. */
export const PROGRESS_STEP_MS = 150;

export type SearchPhase = 'idle' | 'searching' | 'success' | 'error';

/**
 * Why a search failed in the server's words, when it gave them: a distributor's daily limit, the
 * day budget, one's own allowance of searches (503 and 429 answers say what happened and when to
 * try again). Other failures say "Please try again."
 */
const failureReason = (error: unknown): string | undefined =>
  error instanceof ApiError && (error.status === 429 || error.status === 503) ? error.serverMessage : undefined;

/**
 * The toast for a search's outcome; a failure gives its reason in words where the server gave one,
 * and ' (with datasheet)' is added only when a datasheet was stored.
 */
export const searchNotice = (
  provider: string,
  reference: string,
  outcome: { answer: PartSearchResponse } | { error: unknown },
): Notice => {
  if ('error' in outcome)
    return {
      type: 'error',
      title: `${provider} search failed`,
      description: `Error searching for ${reference}. ${failureReason(outcome.error) ?? 'Please try again.'}`,
    };
  const { answer } = outcome;
  if (!answer?.success) {
    const title = `No results found for ${reference}`;
    const reason = answer && 'message' in answer && answer.message !== title ? answer.message : undefined;
    return { type: 'error', title, description: reason };
  }
  return {
    type: 'success',
    title: `${provider} search completed`,
    description: `Found and downloaded result for ${reference}${answer.result.datasheetFound ? ' (with datasheet)' : ''}`,
  };
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One distributor button's states: idle, searching with progress 20, 40 (request sent), 80
 * (answered) and 100, each shown in turn; then after 0.5 s the result (success or error, with its
 * toast) and 2 s later idle again.
 */
export const useDistributorSearch = (
  component: Pick<Component, 'id' | 'reference'>,
  provider: DistributorName,
  onFinished: () => void,
) => {
  const [phase, setPhase] = useState<SearchPhase>('idle');
  const [progress, setProgress] = useState(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const step = (value: number) => mounted.current && setProgress(value);

  const run = async () => {
    if (phase !== 'idle') return;
    setPhase('searching');
    step(SEARCH_PROGRESS_STEPS[0]);
    await wait(PROGRESS_STEP_MS);
    const request = searchDistributor(component.id, provider);
    step(SEARCH_PROGRESS_STEPS[1]);
    // 40 stays up at least a step's time even when the answer is quicker.
    const [settled] = await Promise.allSettled([request, wait(PROGRESS_STEP_MS)]);
    let outcome: { answer: PartSearchResponse } | { error: unknown };
    if (settled.status === 'fulfilled') outcome = { answer: settled.value };
    else {
      console.error(`${distributorLabels[provider]} search failed`, settled.reason);
      outcome = { error: settled.reason as unknown };
    }
    step(SEARCH_PROGRESS_STEPS[2]);
    await wait(PROGRESS_STEP_MS);
    step(SEARCH_PROGRESS_STEPS[3]);
    await wait(RESULT_DELAY_MS);
    if (!mounted.current) return;
    const notice = searchNotice(distributorLabels[provider], component.reference, outcome);
    setPhase(notice.type === 'success' ? 'success' : 'error');
    notify(notice);
    onFinished();
    await wait(RESET_DELAY_MS);
    if (!mounted.current) return;
    setPhase('idle');
    setProgress(0);
  };

  return { phase, progress, run: () => void run() };
};

const descriptions: Record<DistributorName, string> = {
  digikey: 'Fast, reliable search',
  mouser: 'Specialized components',
};

const phaseText: Record<Exclude<SearchPhase, 'idle'>, string> = {
  searching: 'Searching...',
  success: 'Search complete',
  error: 'Nothing added',
};

const DistributorButton = ({
  component,
  provider,
  onFinished,
}: {
  component: Component;
  provider: DistributorName;
  onFinished: () => void;
}) => {
  const { phase, progress, run } = useDistributorSearch(component, provider, onFinished);
  const label = distributorLabels[provider];
  const descriptionId = useId();
  const Icon = phase === 'success' ? CheckCircle2 : phase === 'error' ? XCircle : Search;
  return (
    <Stack gap="2">
      <Button
        onClick={run}
        variant="outline"
        colorPalette={phase === 'success' ? 'green' : phase === 'error' ? 'red' : 'blue'}
        height="auto"
        py="3"
        justifyContent="flex-start"
        whiteSpace="normal"
        textAlign="start"
        aria-describedby={descriptionId}
        aria-disabled={phase !== 'idle' || undefined}
        data-phase={phase}
      >
        <Icon aria-hidden />
        <Stack gap="0" align="flex-start">
          <Text fontWeight="semibold">{phase === 'idle' ? `Search ${label}` : `${label}: ${phaseText[phase]}`}</Text>
          <Text id={descriptionId} fontSize="xs" fontWeight="normal" color="fg.muted">
            {descriptions[provider]}
          </Text>
        </Stack>
      </Button>
      {phase !== 'idle' && (
        <Progress.Root
          value={progress}
          max={100}
          size="xs"
          colorPalette={phase === 'error' ? 'red' : phase === 'success' ? 'green' : 'blue'}
        >
          <Progress.Track aria-label={`${label} search progress`}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </Stack>
  );
};

/** 'Find Images & Datasheets': Digi-Key and Mouser searches for this part; found files land in its attachments. */
export const DistributorSearch = ({ component, onFinished }: { component: Component; onFinished: () => void }) => {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="sm" id={headingId} mb="1">
        Find Images &amp; Datasheets
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Search the distributors for this part&apos;s photo and datasheet.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 1 }} gap="3">
        <DistributorButton component={component} provider="digikey" onFinished={onFinished} />
        <DistributorButton component={component} provider="mouser" onFinished={onFinished} />
      </SimpleGrid>
    </Box>
  );
};
