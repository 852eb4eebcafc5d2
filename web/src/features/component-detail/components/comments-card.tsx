import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { COMMENT_AUTHOR_MAX_LENGTH, COMMENT_MAX_LENGTH, type Comment } from '#shared/schemas/comments';
import { TextField } from '#web/components/ui/form-field.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { useBusyAction } from '#web/lib/failed-actions.ts';
import { useAddComment } from '../api/comments';
import { formatDateTime } from '#web/lib/dates.ts';

interface CommentsCardProps {
  componentId: number;
  /** Undefined while they load. */
  comments: readonly Comment[] | undefined;
  /** The author name the form starts with: the user's display name. */
  defaultAuthor: string;
}

/** 'Comments': the comments, and a form whose author name is editable. */
export const CommentsCard = ({ componentId, comments, defaultAuthor }: CommentsCardProps) => {
  const headingId = useId();
  const addComment = useAddComment();
  const [author, setAuthor] = useState(defaultAuthor);
  const [text, setText] = useState('');
  const { busy: isSubmitting, run } = useBusyAction('Failed to add comment');

  // The user's name arrives after the page: fill it in unless someone typed a name already.
  useEffect(() => setAuthor((current) => current || defaultAuthor), [defaultAuthor]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      notify({ type: 'error', title: 'Empty Comment', description: messages.commentRequired });
      return;
    }
    await run(async () => {
      await addComment(componentId, author.trim() || defaultAuthor, text.trim());
      setText('');
      notify({ type: 'success', title: 'Comment Added', description: 'Your comment has been added successfully.' });
    });
  };

  return (
    <Panel as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId} mb="3">
        Comments
      </Heading>
      {comments === undefined ? (
        <Skeleton height="16" mb="4" />
      ) : comments.length === 0 ? (
        <Text color="fg.muted" mb="4">
          No comments yet.
        </Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" mb="4" aria-label="Comments">
          {comments.map((comment) => (
            <Stack as="li" key={comment.id} gap="0.5" borderBottomWidth="1px" pb="3">
              <Text fontSize="sm" fontWeight="semibold" overflowWrap="anywhere">
                {comment.username}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
              </Text>
              <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                {comment.comment}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add a comment">
        <Stack gap="3">
          <TextField
            label="Your name"
            value={author}
            onChange={(event) => setAuthor(event.target.value)}
            maxLength={COMMENT_AUTHOR_MAX_LENGTH}
          />
          <Field.Root>
            <Field.Label>Comment</Field.Label>
            <Textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={3}
              maxLength={COMMENT_MAX_LENGTH}
              bg="bg"
              placeholder="Add a comment..."
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" alignSelf="flex-end" loading={isSubmitting} loadingText="Adding...">
            Add Comment
          </Button>
        </Stack>
      </form>
    </Panel>
  );
};
