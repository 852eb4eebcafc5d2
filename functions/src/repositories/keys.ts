/**
 * Partition keys that several entities share. A component's partition holds the component
 * itself, its versions, comments, attachments and the distributor files it holds; a user's
 * holds the user, their recent views and their notifications.
 */
export const componentPartition = (componentId: number): string => `COMP#${componentId}`;

export const userPartition = (userId: string): string => `USER#${userId}`;
