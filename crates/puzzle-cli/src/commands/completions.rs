//! `puzzle completions SHELL`: clap's script for the shell, and for bash and
//! fish what their scripts leave out, written from the same clap model so
//! that it names the commands and options there are.
//!
//! - bash: clap's script offers the options to an empty word, so a TAB after
//!   `puzzle run ` never lists a file (files come only once a word is begun,
//!   from bash's own default). The addition offers the `.puzzle` files and
//!   the directories wherever a command takes a path.
//! - fish: clap's script knows only options, not the arguments: a TAB after
//!   `puzzle new ` lists files, not `2048` and `blockgame`. The addition
//!   offers each argument's values, the `.puzzle` files first where a path
//!   goes, and no file where none goes.
//!
//! - zsh: clap's script completes the arguments by their values and their
//!   hints (`cli.rs` gives each option and path one), but a path with every
//!   file at once. It is made to offer the `.puzzle` files and the
//!   directories first, as the others do.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Arg, ArgAction, Command, CommandFactory, ValueHint};
use clap_complete::Shell;

use crate::cli::Cli;

/// Prints the completion script for `shell`.
pub(crate) fn completions(shell: Shell) -> anyhow::Result<ExitCode> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "puzzle", &mut script);
    let mut script = String::from_utf8_lossy(&script).into_owned();
    match shell {
        Shell::Bash => script.push_str(&bash_paths(&command)),
        Shell::Fish => script.push_str(&fish_arguments(&command)),
        Shell::Zsh => script = zsh_puzzles_first(&script),
        _ => {}
    }
    crate::output::stdout(&script)?;
    Ok(ExitCode::SUCCESS)
}

/// clap's zsh script with the `.puzzle` files and the directories offered
/// where a path goes, and every file when none matches (`_files -g`'s own
/// fallback): clap gives those places a bare `_files`, every file at once
/// (`--svg`'s directory is `_files -/`, left as it is).
fn zsh_puzzles_first(script: &str) -> String {
    script.replace(":_files' \\\n", ":_files -g \"*.puzzle\"' \\\n")
}

/// Whether `arg` names paths: the files and directories of `run`, `check`
/// and `fmt`, `play`'s file.
fn is_path(arg: &Arg) -> bool {
    matches!(arg.get_value_hint(), ValueHint::AnyPath | ValueHint::FilePath)
}

/// The commands that take a path, and every option that takes a value
/// (whose value is no path of a puzzle, or is a directory: `--svg`).
fn commands_with_paths_and_options_with_values(top: &Command) -> (Vec<&str>, Vec<String>) {
    let commands =
        top.get_subcommands().filter(|command| command.get_positionals().any(is_path)).map(Command::get_name).collect();
    let mut options: Vec<String> = std::iter::once(top)
        .chain(top.get_subcommands())
        .flat_map(Command::get_opts)
        .flat_map(|option| {
            let longs = option.get_long().map(|long| format!("--{long}"));
            let shorts = option.get_short().map(|short| format!("-{short}"));
            longs.into_iter().chain(shorts)
        })
        .collect();
    options.sort();
    options.dedup();
    (commands, options)
}

/// The bash function that runs clap's `_puzzle`, then, where a command
/// takes a path and the word is no option nor an option's value, offers the
/// `.puzzle` files and the directories; with none of them, bash's default
/// (`-o default`) offers every file.
fn bash_paths(top: &Command) -> String {
    let (commands, options) = commands_with_paths_and_options_with_values(top);
    let global_options: Vec<String> =
        top.get_opts().filter_map(Arg::get_long).map(|long| format!("--{long}")).collect();
    let mut script = String::from(
        "
# Added to clap's script: where a command takes a path, the `.puzzle` files
# and the directories (clap's offers the options to an empty word).
_puzzle_paths() {
    _puzzle \"$@\"
    local cur=\"$2\" prev=\"$3\" word command=\"\" i
    [[ $cur == -* || $prev == = ]] && return 0
    for (( i = 1; i < COMP_CWORD; i++ )); do
        word=${COMP_WORDS[i]}
        case $word in
",
    );
    let _ = writeln!(
        script,
        "            {}) (( i++ )); [[ ${{COMP_WORDS[i]}} == = ]] && (( i++ )) ;;",
        global_options.join("|")
    );
    let _ = write!(
        script,
        "            -*) ;;
            *) command=$word; break ;;
        esac
    done
    case $command in
        {commands}) ;;
        *) return 0 ;;
    esac
    case $prev in
        {options}) return 0 ;;
    esac
    COMPREPLY=()
    while IFS= read -r word; do
        # Hidden names only to a word begun with `.`, as readline does.
        [[ ${{word##*/}} == .* && ${{cur##*/}} != .* ]] && continue
        COMPREPLY+=(\"$word\")
    done < <(compgen -d -- \"$cur\"; compgen -f -X '!*.puzzle' -- \"$cur\")
    [[ ${{#COMPREPLY[@]}} -gt 0 ]] && compopt -o filenames 2>/dev/null
    return 0
}}
if [[ \"${{BASH_VERSINFO[0]}}\" -eq 4 && \"${{BASH_VERSINFO[1]}}\" -ge 4 || \"${{BASH_VERSINFO[0]}}\" -gt 4 ]]; then
    complete -F _puzzle_paths -o nosort -o bashdefault -o default puzzle
else
    complete -F _puzzle_paths -o bashdefault -o default puzzle
fi
",
        commands = commands.join("|"),
        options = options.join("|"),
    );
    script
}

/// The fish completions of each command's arguments: their values (`new`'s
/// games, `man`'s commands), the `.puzzle` files first where a path goes,
/// and no file where none goes.
fn fish_arguments(top: &Command) -> String {
    let mut script = String::from("\n# Added to clap's script, which completes options only: the arguments.\n");
    for command in top.get_subcommands() {
        let condition = format!("complete -c puzzle -n \"__fish_puzzle_using_subcommand {}\"", command.get_name());
        let arguments: Vec<&Arg> =
            command.get_positionals().filter(|arg| !matches!(arg.get_action(), ArgAction::Help)).collect();
        if arguments.iter().any(|arg| is_path(arg)) {
            let _ = writeln!(script, "{condition} -k -a \"(__fish_complete_suffix .puzzle)\"");
            continue;
        }
        let values: Vec<String> = arguments
            .iter()
            .flat_map(|arg| arg.get_possible_values())
            .filter(|value| !value.is_hide_set())
            .map(|value| match value.get_help() {
                Some(help) => format!(
                    "{}\t{}",
                    single_quoted(value.get_name()),
                    single_quoted(&help.to_string().replace('\n', " "))
                ),
                None => single_quoted(value.get_name()),
            })
            .collect();
        if values.is_empty() {
            let _ = writeln!(script, "{condition} -f");
        } else {
            let _ = writeln!(script, "{condition} -f -a {}", double_quoted(&values.join("\n")));
        }
    }
    script
}

/// `text` as one word of fish's: in single quotes, where only `\\` and
/// `\'` are escapes. A value, then its help after a tab, so that a help's
/// spaces, quotes and parentheses (`"2048 (Easy)"`) are no list's words and
/// no command.
fn single_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// `text` in double quotes, as `-a` takes its list (which fish then splits
/// into words): `\\`, `"` and `$` escaped, a tab as `\t`.
fn double_quoted(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('"', "\\\"").replace('$', "\\$");
    format!("\"{}\"", escaped.replace('\t', "\\t"))
}
