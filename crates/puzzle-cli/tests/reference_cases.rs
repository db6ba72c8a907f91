//! The shared reference cases through the whole command path: each case written
//! as a `.puzzle` file with its `expect` must hold, and each case in a judge's
//! format must give the judge's answer.

use puzzle_cli::answer::Budget;
use puzzle_cli::judge::{solve, Problem};
use puzzle_cli::report::process_bytes;
use serde_json::Value;

#[path = "../../../tests/data/cases/load.rs"]
mod load;

fn board_text(rows: &[Vec<u64>]) -> String {
    rows.iter().map(|row| format!("  {}\n", row.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))).collect()
}

fn rows_of(case: &Value) -> Vec<Vec<u64>> {
    serde_json::from_value(case["board"].clone()).unwrap()
}

#[test]
fn every_case_as_a_puzzle_file_holds_its_expect() {
    for game in ["2048", "blockgame"] {
        for case in load::reference_cases(game) {
            let id = case["id"].as_str().unwrap();
            let query = match game {
                "2048" => format!("max-tile within {}", case["moves"]),
                _ => "max-removed".to_string(),
            };
            let text = format!(
                "name \"{id}\"\ngame {game}\nboard {{\n{}}}\nquery {query}\nexpect {}\n",
                board_text(&rows_of(&case)),
                case["answer"]
            );
            let report = process_bytes(
                format!("{id}.puzzle"),
                text.into_bytes(),
                Budget { threads: 2, ..Budget::default() },
                true,
            );
            assert_eq!(report.status().exit_code(), 0, "{id}: {report:?}");
        }
    }
}

#[test]
fn every_case_in_a_judge_format_gives_the_answer() {
    let mut judged = 0;
    for case in load::reference_cases("2048") {
        let rows = rows_of(&case);
        let problem = match case["moves"].as_u64() {
            Some(5) => Problem::Boj12100,
            Some(10) => Problem::Boj12094,
            _ => continue,
        };
        if rows.len() != rows[0].len() || rows.len() > 20 {
            continue; // the judge's boards are square, 20 at most
        }
        let input = format!("{}\n{}", rows.len(), board_text(&rows));
        assert_eq!(solve(problem, input.as_bytes()).unwrap(), case["answer"].to_string(), "{}", case["id"]);
        judged += 1;
    }
    for case in load::reference_cases("blockgame") {
        let input = case["board"].to_string();
        assert_eq!(
            solve(Problem::KakaoBlockgame, input.as_bytes()).unwrap(),
            case["answer"].to_string(),
            "{}",
            case["id"]
        );
        judged += 1;
    }
    assert!(judged >= 30, "only {judged} cases fit a judge's format");
}
