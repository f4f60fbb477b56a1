"""The broker-bound CPU profile (bench/cpu_profile.py): how a perf sample is put in its bucket, by the system call
its kernel chain passes through or the library it ran in, and how a recording's samples become shares."""

from __future__ import annotations

from bench.cpu_profile import KERNEL_OTHER, bucket_of, frames_of, header_of, profile_of

WRITE_INTO_PAGE_CACHE = """python 4242/4242
\tffffffff81611111 copy_folio_from_iter_atomic+0x1a ([kernel.kallsyms])
\tffffffff81622222 generic_perform_write+0x90 ([kernel.kallsyms])
\tffffffff81633333 ext4_buffered_write_iter+0x60 ([kernel.kallsyms])
\tffffffff81644444 vfs_write+0x2a0 ([kernel.kallsyms])
\tffffffff81655555 ksys_write+0x70 ([kernel.kallsyms])
\tffffffff81666666 do_syscall_64+0x80 ([kernel.kallsyms])
\t    7f0000001234 __libc_write+0x14 (/usr/lib/x86_64-linux-gnu/libc.so.6)"""

SENDFILE = """java 777/780
\tffffffff81700000 tcp_sendmsg_locked+0x10 ([kernel.kallsyms])
\tffffffff81700001 sock_sendmsg+0x10 ([kernel.kallsyms])
\tffffffff81700002 splice_direct_to_actor+0x10 ([kernel.kallsyms])
\tffffffff81700003 do_sendfile+0x10 ([kernel.kallsyms])
\tffffffff81700004 do_syscall_64+0x10 ([kernel.kallsyms])"""

SOCKET_READ_WITH_A_SOFTIRQ = """python 4242/4242
\tffffffff81800000 tcp_v4_rcv+0x10 ([kernel.kallsyms])
\tffffffff81800001 handle_softirqs+0x10 ([kernel.kallsyms])
\tffffffff81800002 tcp_recvmsg+0x10 ([kernel.kallsyms])
\tffffffff81800003 sock_read_iter+0x10 ([kernel.kallsyms])
\tffffffff81800004 vfs_readv+0x10 ([kernel.kallsyms])"""

TIMER_INTERRUPT = """python 4242/4242
\tffffffff81900000 run_timer_softirq+0x10 ([kernel.kallsyms])
\tffffffff81900001 handle_softirqs+0x10 ([kernel.kallsyms])
\tffffffff81900002 __irq_exit_rcu+0x10 ([kernel.kallsyms])"""

INTERPRETER = """python 4242/4242
\t          2ba75e _PyEval_EvalFrameDefault+0x55 (/root/.pyenv/versions/3.11.7/lib/libpython3.11.so.1.0)
\t    7f243d65e380 [unknown] ([unknown])"""

JIT_COMPILED = """java 777/780
\t    7f3e2d0c1a2b [unknown] (/tmp/perf-777.map)"""

UNLISTED = """python 4242/4242
\tffffffff81a00000 rcu_core+0x10 ([kernel.kallsyms])"""


def test_a_frame_keeps_its_symbol_and_library():
    assert frames_of(INTERPRETER) == [
        ("_PyEval_EvalFrameDefault+0x55", "/root/.pyenv/versions/3.11.7/lib/libpython3.11.so.1.0"),
        ("[unknown]", "[unknown]")]


def test_a_kernel_sample_goes_to_the_call_its_chain_passes_through():
    assert bucket_of(frames_of(WRITE_INTO_PAGE_CACHE)) == "kernel: write into the page cache"
    # sendfile sends on a socket too, and a softirq run inside a read belongs to the read
    assert bucket_of(frames_of(SENDFILE)) == "kernel: sendfile from the page cache"
    assert bucket_of(frames_of(SOCKET_READ_WITH_A_SOFTIRQ)) == "kernel: socket read"
    assert bucket_of(frames_of(TIMER_INTERRUPT)) == "kernel: interrupts and softirqs"
    assert bucket_of(frames_of(UNLISTED)) == KERNEL_OTHER


def test_a_user_space_sample_goes_to_its_library():
    assert bucket_of(frames_of(INTERPRETER)) == "user: CPython's interpreter (libpython)"
    assert bucket_of(frames_of(JIT_COMPILED)) == "user: JIT-compiled Java (perf-<pid>.map)"
    assert bucket_of(frames_of(WRITE_INTO_PAGE_CACHE.split("\n")[0] + "\n" + WRITE_INTO_PAGE_CACHE.split("\n")[-1])) \
        == "user: libc.so.6"


def test_a_recording_becomes_shares_of_its_samples():
    output = "\n\n".join([WRITE_INTO_PAGE_CACHE, WRITE_INTO_PAGE_CACHE, SENDFILE, INTERPRETER, ""])
    profile = profile_of(output)
    assert profile["samples"] == 4
    assert profile["buckets"] == {"kernel: write into the page cache": 0.5, "kernel: sendfile from the page cache": 0.25,
                                  "user: CPython's interpreter (libpython)": 0.25}
    assert profile["top_functions"]["copy_folio_from_iter_atomic ([kernel.kallsyms])"] == 0.5
    assert profile_of("") == {"samples": 0, "buckets": {}, "top_functions": {}}


WRITE_BACK_WORKER = """kworker/u4:2-fl 91/91
\tffffffff81b00000 ext4_writepages+0x10 ([kernel.kallsyms])
\tffffffff81b00001 wb_workfn+0x10 ([kernel.kallsyms])"""

IDLE = """swapper 0/0
\tffffffff81c00000 default_idle+0x10 ([kernel.kallsyms])"""


def test_a_sample_names_its_process():
    assert header_of(JIT_COMPILED) == ("java", 777)
    assert header_of(WRITE_BACK_WORKER) == ("kworker/u4:2-fl", 91)


def test_a_whole_core_recording_puts_other_threads_and_idle_time_beside_the_brokers_buckets():
    output = "\n\n".join([WRITE_INTO_PAGE_CACHE, INTERPRETER, WRITE_BACK_WORKER, IDLE])
    profile = profile_of(output, broker_pid=4242)
    assert profile["buckets"] == {"kernel: write into the page cache": 0.25,
                                  "user: CPython's interpreter (libpython)": 0.25,
                                  "elsewhere: kworker/uN:N-fl": 0.25, "elsewhere: idle": 0.25}
