import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REMINDER_LEAD_MINUTES, type ReminderView } from '@vault/contracts';
import { api, serverMessage } from '../../../lib/api-client';
import { createOrderedRunner } from '../../../lib/in-order';
import { toast } from '../../../lib/toast';

/** GET /api/reminders/:showId through the default query function (the key is the URL). */
export const reminderKey = (showId: string) => ['/api/reminders', showId] as const;
const reminderUrl = (showId: string) => `/api/reminders/${encodeURIComponent(showId)}`;

/** The .ics of a show's launch; a plain link downloads it with the session cookie. */
export const calendarUrl = (showId: string) => `${reminderUrl(showId)}/calendar.ics`;

// A quick on-off sends PUT then DELETE: in order, so the server keeps the last tap.
const inOrder = createOrderedRunner();

/** Whether the member asked to be emailed about this show's launch. */
export function useReminder(showId: string) {
  return useQuery<ReminderView>({ queryKey: reminderKey(showId) });
}

/**
 * "Notify me" on and off (PUT / DELETE /api/reminders/:showId). The toggle flips at once; the
 * server's answer then stands, and a refusal puts the toggle back and toasts the server's words.
 */
export function useToggleReminder(showId: string) {
  const queryClient = useQueryClient();
  const key = reminderKey(showId);
  return useMutation({
    mutationFn: (subscribe: boolean) =>
      inOrder(showId, () =>
        subscribe ? api.put<ReminderView>(reminderUrl(showId), {}) : api.delete<ReminderView>(reminderUrl(showId)),
      ),
    onMutate: async (subscribe) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ReminderView>(key);
      queryClient.setQueryData<ReminderView>(key, { showId, subscribed: subscribe });
      return { before };
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<ReminderView>(key, answer);
      toast(
        answer.subscribed
          ? {
              title: 'Reminder set',
              description: `We'll email you ${REMINDER_LEAD_MINUTES} minutes before launch and when the show goes live`,
              variant: 'success',
            }
          : { title: 'Reminder turned off', description: "We won't email you about this show" },
      );
    },
    onError: (error, subscribe, context) => {
      queryClient.setQueryData<ReminderView | undefined>(key, context?.before);
      toast({
        title: subscribe ? 'Could not set the reminder' : 'Could not turn the reminder off',
        description: serverMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
    },
  });
}
