"""The streams group's server-side task assignor: active tasks only, sticky and balanced (after Kafka's
StickyTaskAssignor, simplified).

Every member gets floor(tasks / members) tasks, some one more (the remainder). A task stays with the member that
holds it (its current assignment, else its previous target) while that member is under its quota; the remaining
tasks go, in task order, to the member holding the fewest tasks (members of the same process as the task's
previous owner first, then by member id). Standby and warm-up tasks are not assigned (group.streams.num.standby.replicas is 0 by
default; see SKIPPED_FEATURES.md).
"""

from __future__ import annotations

Tasks = dict[str, frozenset[int]]


def assign(task_counts: dict[str, int], members: dict[str, object], previous: dict[str, Tasks]) -> dict[str, Tasks]:
    """`task_counts`: subtopology id -> its task count; `members`: member id -> its StreamsMember; `previous`:
    member id -> the tasks to keep if possible. Member id -> its active tasks."""
    tasks = [(s, p) for s in sorted(task_counts) for p in range(task_counts[s])]
    if not members:
        return {}
    base, extra = divmod(len(tasks), len(members))  # every member gets base tasks, `extra` of them one more
    owners: dict[tuple[str, int], str] = {}
    for member_id in sorted(members):
        for subtopology, partitions in previous.get(member_id, {}).items():
            for partition in partitions:
                owners.setdefault((subtopology, partition), member_id)
    assigned: dict[str, set[tuple[str, int]]] = {member_id: set() for member_id in members}
    unassigned = []
    for task in tasks:
        owner = owners.get(task)
        if owner is not None and len(assigned[owner]) < base:
            assigned[owner].add(task)
        else:
            unassigned.append(task)
    for task in list(unassigned):
        owner = owners.get(task)
        if extra and owner is not None and len(assigned[owner]) == base:
            assigned[owner].add(task)
            unassigned.remove(task)
            extra -= 1
    for task in unassigned:
        previous_process = getattr(members.get(owners.get(task, "")), "process_id", None)
        member_id = min(members, key=lambda m: (len(assigned[m]),
                                                getattr(members[m], "process_id", None) != previous_process, m))
        assigned[member_id].add(task)
    result: dict[str, Tasks] = {}
    for member_id, member_tasks in assigned.items():
        by_subtopology: dict[str, set[int]] = {}
        for subtopology, partition in member_tasks:
            by_subtopology.setdefault(subtopology, set()).add(partition)
        result[member_id] = {s: frozenset(ps) for s, ps in by_subtopology.items()}
    return result
