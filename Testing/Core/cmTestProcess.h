// SPDX-License-Identifier: BSD-3-Clause
// Child processes for the programs that measure or compare in fresh processes
// (cloudmap_bench, Testing.TestThreadInvariance): this executable's path, the
// environment without some variables, and a child run with its stdout
// captured (posix_spawn, so a large VTK process is not forked).
#ifndef cmTestProcess_h
#define cmTestProcess_h

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

extern char** environ;

/// The path of the running executable ("" if /proc/self/exe cannot be read).
inline std::string cmSelfExecutable()
{
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
}

/// This process's environment (KEY=VALUE) without the variables starting with
/// any of `prefixes`.
inline std::vector<std::string> cmEnvironmentWithout(std::initializer_list<const char*> prefixes)
{
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e)
  {
    bool drop = false;
    for (const char* prefix : prefixes)
    {
      drop = drop || std::strncmp(*e, prefix, std::strlen(prefix)) == 0;
    }
    if (!drop)
    {
      env.emplace_back(*e);
    }
  }
  return env;
}

inline std::vector<std::string> cmEnvironmentWithout(const char* prefix)
{
  return cmEnvironmentWithout({ prefix });
}

struct cmChildRun
{
  int ExitCode = -1; ///< the child's exit status; -1 if it did not start or did not exit normally
  std::string Output; ///< everything it wrote to stdout
};

/// Runs args[0] with `args` and the environment `env`, and waits for it.
inline cmChildRun cmRunChild(std::vector<std::string> args, std::vector<std::string> env)
{
  cmChildRun run;
  std::vector<char*> argv, envp;
  for (std::string& a : args)
  {
    argv.push_back(&a[0]);
  }
  argv.push_back(nullptr);
  for (std::string& e : env)
  {
    envp.push_back(&e[0]);
  }
  envp.push_back(nullptr);
  int fd[2];
  if (args.empty() || pipe(fd) != 0)
  {
    return run;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fd[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, fd[0]);
  posix_spawn_file_actions_addclose(&actions, fd[1]);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(fd[1]);
  char buf[4096];
  ssize_t got;
  while (rc == 0 && (got = read(fd[0], buf, sizeof buf)) > 0)
  {
    run.Output.append(buf, static_cast<std::size_t>(got));
  }
  close(fd[0]);
  int status = 0;
  if (rc == 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status))
  {
    run.ExitCode = WEXITSTATUS(status);
  }
  return run;
}
#endif
