import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Comment } from '#shared/schemas/comments';
import { dynamo } from '#lib/clients';
import { tableName } from './table';

/**
 * Comments: `COMP#<componentId>` / `COMMENT#<createdAt>#<ulid>`, so a component's comments come
 * in time order from one query. `userId` is who wrote it; `username` the free-text author name.
 */
export interface StoredComment extends Comment {
  userId: string;
}

const commentKey = (comment: Pick<Comment, 'componentId' | 'createdAt' | 'id'>) => ({
  pk: `COMP#${comment.componentId}`,
  sk: `COMMENT#${comment.createdAt}#${comment.id}`,
});

export const putComment = async (comment: StoredComment): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...commentKey(comment), entity: 'comment', ...comment },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

/** Newest first, at most `max`. */
export const listComments = async (componentId: number, max = 1000): Promise<StoredComment[]> => {
  const comments: StoredComment[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :comment)',
        ExpressionAttributeValues: { ':pk': `COMP#${componentId}`, ':comment': 'COMMENT#' },
        ScanIndexForward: false,
        Limit: max,
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const { pk: _pk, sk: _sk, entity: _e, ...comment } = item;
      comments.push(comment as StoredComment);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && comments.length < max);
  return comments.slice(0, max);
};
