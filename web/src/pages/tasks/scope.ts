import { TEAM_ID_PATTERN, type CreateTaskInput, type Task } from '@coinsight/contracts';
import { useSearchParams } from 'react-router';
import { trpc } from '../../lib/trpc';

// The Tasks screens for two kinds of owner: the signed-in person (tasks.*) and a team they are in
// (teams.*Task*, `?team=<id>` in the address), whose tasks write into and read the team's own
// dataset; the server checks the member's role on every call. The screens ask these hooks.

/** The team whose tasks the screen shows, from the address, or null for the person's own. */
export function useTaskTeam(): string | null {
  const [params] = useSearchParams();
  const team = params.get('team');
  return team && TEAM_ID_PATTERN.test(team) ? team : null;
}

/** A task's own page, in the same team as the list it was opened from. */
export const taskPath = (id: string, team: string | null) => `/tasks/${id}${team ? `?team=${encodeURIComponent(team)}` : ''}`;
export const tasksPath = (team: string | null) => `/tasks${team ? `?team=${encodeURIComponent(team)}` : ''}`;

type Poll = (tasks: Task[] | undefined) => number | false;

export function useTaskList(poll: Poll) {
  const team = useTaskTeam();
  const mine = trpc.tasks.list.useQuery(undefined, { enabled: team === null, refetchInterval: (query) => poll(query.state.data) });
  const theirs = trpc.teams.tasks.useQuery(
    { teamId: team ?? '', filter: undefined },
    { enabled: team !== null, refetchInterval: (query) => poll(query.state.data) },
  );
  return team === null ? mine : theirs;
}

export function useTask(id: string, enabled: boolean, poll: Poll) {
  const team = useTaskTeam();
  const options = (on: boolean) => ({
    enabled: enabled && on,
    refetchInterval: (query: { state: { data?: Task } }) => poll(query.state.data && [query.state.data]),
  });
  const mine = trpc.tasks.get.useQuery({ id }, options(team === null));
  const theirs = trpc.teams.task.useQuery({ teamId: team ?? '', id }, options(team !== null));
  return team === null ? mine : theirs;
}

export function useTaskReport(id: string, enabled: boolean) {
  const team = useTaskTeam();
  const mine = trpc.tasks.report.useQuery({ id }, { enabled: enabled && team === null });
  const theirs = trpc.teams.taskReport.useQuery({ teamId: team ?? '', id }, { enabled: enabled && team !== null });
  return team === null ? mine : theirs;
}

/** Asks the list and the open task again, for whichever owner. */
export function useRefreshTasks() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.tasks.list.invalidate(),
      utils.tasks.get.invalidate(),
      utils.teams.tasks.invalidate(),
      utils.teams.task.invalidate(),
    ]);
}

/** Create, cancel, retry and delete, each for the screen's owner. */
export function useTaskMutations() {
  const team = useTaskTeam();
  const refresh = useRefreshTasks();
  const mine = {
    create: trpc.tasks.create.useMutation(),
    cancel: trpc.tasks.cancel.useMutation({ onSettled: refresh }),
    retry: trpc.tasks.retry.useMutation({ onSettled: refresh }),
    remove: trpc.tasks.delete.useMutation({ onSettled: refresh }),
  };
  const theirs = {
    create: trpc.teams.createTask.useMutation(),
    cancel: trpc.teams.cancelTask.useMutation({ onSettled: refresh }),
    retry: trpc.teams.retryTask.useMutation({ onSettled: refresh }),
    remove: trpc.teams.deleteTask.useMutation({ onSettled: refresh }),
  };
  const busy = [mine, theirs].some((set) => set.cancel.isPending || set.retry.isPending || set.remove.isPending);
  return {
    team,
    busy,
    create: (input: CreateTaskInput) =>
      team === null ? mine.create.mutateAsync(input) : theirs.create.mutateAsync({ teamId: team, task: input }),
    cancel: (id: string) => (team === null ? mine.cancel.mutateAsync({ id }) : theirs.cancel.mutateAsync({ teamId: team, id })),
    retry: (id: string) => (team === null ? mine.retry.mutateAsync({ id }) : theirs.retry.mutateAsync({ teamId: team, id })),
    remove: (id: string) => (team === null ? mine.remove.mutateAsync({ id }) : theirs.remove.mutateAsync({ teamId: team, id })),
  };
}
