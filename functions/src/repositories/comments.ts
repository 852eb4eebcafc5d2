import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Comment } from '#shared/schemas/comments';
import { dynamo } from '#lib/clients';
import { componentPartition } from './keys';
import { queryAll, tableName } from './table';

/**
 * Comments: `COMP#<componentId>` / `COMMENT#<createdAt>#<ulid>`, so a component's comments come
 * in time order from one query. `userId` is who wrote it; `username` the free-text author name.
 */
export interface StoredComment extends Comment {
  userId: string;
}

const commentKey = (comment: Pick<Comment, 'componentId' | 'createdAt' | 'id'>) => ({
  pk: componentPartition(comment.componentId),
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
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :comment)',
      ExpressionAttributeValues: { ':pk': componentPartition(componentId), ':comment': 'COMMENT#' },
      ScanIndexForward: false,
      Limit: max,
    },
    { until: (found) => found.length >= max },
  );
  return items.slice(0, max).map(({ pk: _pk, sk: _sk, entity: _e, ...comment }) => comment as StoredComment);
};
