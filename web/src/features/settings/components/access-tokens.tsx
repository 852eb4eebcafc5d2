import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState, type FormEvent } from 'react';
import { TOKEN_MAX_DAYS, tokenScopes, type AccessToken, type TokenScope } from '#shared/schemas/tokens';
import { TextField } from '#web/components/ui/form-field.tsx';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { isReviewing, useUser } from '#web/lib/auth.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { createToken, revokeToken, setTokenDisabled, useAllTokens, useTokens } from '../api/access-tokens';

const scopeWords: Record<TokenScope, string> = {
  read: 'Read: search parts, read their data and files',
  propose: 'Propose: file change requests (new parts, edits, links, uploads)',
  admin: 'Admin: administration routes (administrators only)',
};

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const stateOf = (token: AccessToken): { label: string; palette: string } =>
  token.revokedAt
    ? { label: 'Revoked', palette: 'gray' }
    : token.disabledAt
      ? { label: `Disabled by ${token.disabledBy ?? 'an administrator'}`, palette: 'red' }
      : new Date(token.expiresAt).getTime() < Date.now()
        ? { label: 'Expired', palette: 'gray' }
        : { label: 'Active', palette: 'green' };

const TokenItem = ({ token, action }: { token: AccessToken; action?: React.ReactNode }) => {
  const state = stateOf(token);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" aria-label={token.name}>
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
        <Stack gap="1" minWidth="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {token.name}
            </Text>
            <Badge colorPalette={state.palette} variant="subtle">
              {state.label}
            </Badge>
            {token.kind === 'service' && <Badge variant="outline">Service</Badge>}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {token.scopes.join(', ')} · {token.username} · expires {token.expiresAt.slice(0, 10)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Last used: {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'never'}
          </Text>
        </Stack>
        {action}
      </Stack>
    </Box>
  );
};

/**
 * Settings → Security: the person's access tokens for scripts and add-ins. A new token is shown
 * once, to be copied; afterwards only its name and use are listed. Administrators also see
 * everyone's tokens and may disable any.
 */
export const AccessTokens = () => {
  const { user } = useUser();
  const isAdmin = user?.role === 'admin';
  const { tokens, isLoading, reload } = useTokens();
  const all = useAllTokens(isAdmin);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [expiresAt, setExpiresAt] = useState(dayFromNow(90));
  const [service, setService] = useState(false);
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState<string>();
  const { busy, run } = useBusyAction('Failed to create the token', setError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const made = await createToken({ name, scopes, expiresAt, kind: service ? 'service' : 'personal' });
      setShown(made.token);
      setName('');
      await reload();
      await all.reload();
    });
  };
  const revoke = (token: AccessToken) =>
    run(async () => {
      await revokeToken(token.id);
      notify({ type: 'success', title: 'Token revoked', description: `${token.name} no longer works.` });
      await reload();
      await all.reload();
    });
  const toggle = (token: AccessToken) =>
    run(async () => {
      await setTokenDisabled(token.id, !token.disabledAt);
      await all.reload();
      await reload();
    });

  return (
    <Panel as="section" aria-labelledby="access-tokens-heading">
      <Heading as="h2" size="md" id="access-tokens-heading" mb="1">
        Access tokens
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        For scripts and add-ins: send <Code>Authorization: Bearer &lt;token&gt;</Code>. A token acts as you, within what
        you let it do, until it expires or you revoke it.
      </Text>
      {shown && (
        <InlineAlert status="success" mb="4" title="Copy your new token now: it is not shown again.">
          <Code data-testid="new-token" overflowWrap="anywhere" whiteSpace="normal">
            {shown}
          </Code>
        </InlineAlert>
      )}
      <Stack as="form" gap="3" mb="6" onSubmit={(event) => void submit(event)} aria-label="New access token">
        <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} error={error} />
        <Stack as="fieldset" gap="1">
          <Text as="legend" fontSize="sm" fontWeight="medium" mb="1">
            What it may do
          </Text>
          {tokenScopes
            .filter((scope) => scope !== 'admin' || isReviewing(user))
            .map((scope) => (
              <Checkbox.Root
                key={scope}
                checked={scopes.includes(scope)}
                onCheckedChange={({ checked }) =>
                  setScopes((now) => (checked ? [...now, scope] : now.filter((s) => s !== scope)))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{scopeWords[scope]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
        </Stack>
        <TextField
          label="Expires on"
          type="date"
          value={expiresAt}
          min={dayFromNow(1)}
          max={dayFromNow(TOKEN_MAX_DAYS)}
          onChange={(event) => setExpiresAt(event.target.value)}
        />
        {isAdmin && (
          <Checkbox.Root checked={service} onCheckedChange={({ checked }) => setService(checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>A service token (for a system rather than a person)</Checkbox.Label>
          </Checkbox.Root>
        )}
        <Button type="submit" alignSelf="flex-start" loading={busy} loadingText="Creating...">
          Create token
        </Button>
      </Stack>
      {isLoading ? (
        <Skeleton height="16" />
      ) : tokens.length === 0 ? (
        <Text color="fg.muted">You have no access tokens.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Your tokens">
          {tokens.map((token) => (
            <TokenItem
              key={token.id}
              token={token}
              action={
                !token.revokedAt && (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => void revoke(token)}>
                    Revoke
                  </Button>
                )
              }
            />
          ))}
        </Stack>
      )}
      {isAdmin && (
        <Box mt="6">
          <Heading as="h3" size="sm" mb="2">
            Everyone&apos;s tokens
          </Heading>
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Everyone's tokens">
            {all.tokens.map((token) => (
              <TokenItem
                key={token.id}
                token={token}
                action={
                  !token.revokedAt && (
                    <Button size="sm" variant="outline" onClick={() => void toggle(token)}>
                      {token.disabledAt ? 'Enable' : 'Disable'}
                    </Button>
                  )
                }
              />
            ))}
          </Stack>
        </Box>
      )}
    </Panel>
  );
};
