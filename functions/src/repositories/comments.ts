import type { Comment } from '#shared/schemas/comments';
import { componentPartition } from './keys';
import { componentLiveCheck } from './components';
import { conditionalWrite, queryAll, tableName, transact } from './table';

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

/**
 * Adds a comment, only while its part exists and has not been merged into another (a comment
 * landing beside a part being merged away would be left behind): false when the part is gone.
 */
export const putComment = async (comment: StoredComment): Promise<boolean> =>
  conditionalWrite(() =>
    transact([
      {
        Put: {
          TableName: tableName(),
          Item: { ...commentKey(comment), entity: 'comment', ...comment },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      componentLiveCheck(comment.componentId),
    ]),
  );

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
