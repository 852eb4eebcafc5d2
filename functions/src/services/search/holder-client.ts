import { InvokeCommand } from '@aws-sdk/client-lambda';
import { messages } from '#shared/messages';
import { lambda } from '#lib/clients';
import { config } from '#lib/config';
import { Unavailable } from '#lib/errors';
import { logger } from '#lib/logger';
import { holderAnswerSchemas, type HolderAnswer, type HolderRequest } from './holder-protocol';

/*
 * How a function other than the search function reads what needs the index: it invokes the
 * search function (the one holder of the index, so only it pays a cold load) and reads its
 * answer. Nothing here imports the index.
 */

/**
 * The holder's answer to `request`. A holder that fails is a 503; one that cannot be reached is
 * too (lib/http answers an SDK error of an unreachable service so).
 */
export const askSearchHolder = async <K extends HolderRequest['kind']>(
  request: HolderRequest & { kind: K },
): Promise<HolderAnswer<K>> => {
  const functionName = config().SEARCH_FUNCTION_NAME;
  if (!functionName) throw new Unavailable(messages.searchUnavailable);
  const answer = await lambda().send(
    new InvokeCommand({
      FunctionName: functionName,
      Payload: new TextEncoder().encode(JSON.stringify({ searchHolder: request })),
    }),
  );
  const text = answer.Payload ? new TextDecoder().decode(answer.Payload) : '';
  if (answer.FunctionError) {
    // The search function failed (its own log says why): the caller may try again.
    logger.error('the search function failed', { kind: request.kind, answer: text.slice(0, 500) });
    throw new Unavailable(messages.searchUnavailable);
  }
  return holderAnswerSchemas[request.kind].parse(JSON.parse(text)) as HolderAnswer<K>;
};
