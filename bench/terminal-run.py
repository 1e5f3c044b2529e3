# Runs a command with its stdout and stderr on a pseudo-terminal of a given width, or on pipes, and drains them as a
# terminal would; both ways go through this one runner, so the table figure compares drawing and nothing else.
#   python3 bench/terminal-run.py <pty|pipe> <columns> <command...>
# Prints {"bytes": n, "lines": n} (what the command wrote) and exits with the command's exit code.
import fcntl, json, os, pty, struct, subprocess, sys, termios

mode, columns, argv = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
total = 0
lines = 0
if mode == 'pty':
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, struct.pack('HHHH', 50, columns, 0, 0))
        os.execvp(argv[0], argv)
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:
            break
        if not chunk:
            break
        total += len(chunk)
        lines += chunk.count(b'\n')
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
else:
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    while True:
        chunk = child.stdout.read1(1 << 16)
        if not chunk:
            break
        total += len(chunk)
        lines += chunk.count(b'\n')
    code = child.wait()
print(json.dumps({'bytes': total, 'lines': lines}))
sys.exit(code)
