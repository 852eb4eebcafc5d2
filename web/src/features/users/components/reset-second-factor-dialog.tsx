import { useResetSecondFactor } from '../api/reset-second-factor';
import { UserActionDialog, type UserDialogProps } from './user-action-dialog';

/** For someone who lost their authenticator app, recovery codes and passkeys; closes either way. */
export const ResetSecondFactorDialog = (props: UserDialogProps) => {
  const reset = useResetSecondFactor();
  return (
    <UserActionDialog
      {...props}
      title="Reset Second Factor"
      description={`${props.user?.email ?? 'The user'} loses their authenticator app, recovery codes and passkeys, is signed out everywhere and is told by email. They sign in with their password alone until they set up a new one. Do this only when you are sure who asked.`}
      submitLabel="Reset Second Factor"
      submittingLabel="Resetting..."
      failureTitle="Failed to reset the second factor"
      act={async (target) => ({ title: 'Second factor reset', description: (await reset(target)).message })}
    />
  );
};
