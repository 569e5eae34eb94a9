// The rebind scaling family: N cells, each bound to five properties of its own row as the
// rebind case binds them, all live; one round rebinds every cell to a row nobody holds.
// The unit is one rebind, so a flat line is a rebind that costs the same however many
// bound cells are live.

/// Rebinds every one of `cells` bound cells once per operation, for `subject`; `nil` for
/// the subjects the rebind case does not measure.
func rebindScalingBenchmark(_ subject: SubjectID, cells: Int) -> Benchmark? {
  switch subject {
  case .token: rebindScalingBenchmark(TokenRebind.self, cells: cells)
  case .published: rebindScalingBenchmark(PublishedRebind.self, cells: cells)
  case .observation: rebindScalingBenchmark(ObservationRebind.self, cells: cells)
  default: nil
  }
}

/// `2 × count` rows: in each round, cell `i` moves between row `i` and row `i + count`, so
/// every rebind binds a row no other cell holds and ends a binding of the row it leaves.
private func rebindScalingBenchmark<S: RebindSubject>(_ subject: S.Type, cells count: Int) -> Benchmark {
  let rows = (0..<2 * count).map { S.makeRow($0) }
  let cells = (0..<count).map { _ in RebindCell() }
  let held = Box((0..<count).map { _ in S.emptyHeld() })
  let round = Box(0)
  func row(of index: Int, in round: Int) -> S.Row { rows[round % 2 == 0 ? index : index + count] }
  for index in 0..<count { S.rebind(cells[index], to: row(of: index, in: 0), holding: &held.value[index]) }
  let run = { (iterations: Int) -> Duration in
    let start = clock.now
    for _ in 0..<iterations {
      round.value &+= 1
      for index in 0..<count {
        S.rebind(cells[index], to: row(of: index, in: round.value), holding: &held.value[index])
      }
    }
    let elapsed = clock.now - start
    blackHole(cells[0].progressPercent)
    return elapsed
  }
  return ClosureBenchmark(
    run: run,
    check: { _ throws(BenchmarkFailure) in
      _ = run(2)
      for index in [0, count - 1] {
        try checkRebound(
          cells[index], to: row(of: index, in: round.value), from: row(of: index, in: round.value + 1), S.self,
          named: "cell \(index)")
      }
    }
  )
}
