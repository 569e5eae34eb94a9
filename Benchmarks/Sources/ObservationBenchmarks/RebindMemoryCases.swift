// The rebind case's bytes: heap held by `rebindMemoryCells` cells, each bound to five
// properties of its own row (as the rebind case binds them), over the rows and cells alone.

/// How many bound cells the rebind memory case holds live.
let rebindMemoryCells = 1_000

/// Heap bytes per bound cell for `subject`: `cells` rows and cells are made first, then each
/// cell is bound to its row the way the rebind case binds it, and what the bindings hold is
/// the heap's growth (glibc `mallinfo2`, as memory per live token). The check, with every
/// binding live: each cell shows its row, and a change of the row reaches its observation
/// once. `nil` for the subjects the rebind case does not measure.
func rebindMemoryResult(_ subject: SubjectID, cells: Int) throws(BenchmarkFailure) -> MemoryResult? {
  switch subject {
  case .token: try measureRebindMemory(TokenRebind.self, cells: cells)
  case .published: try measureRebindMemory(PublishedRebind.self, cells: cells)
  case .observation: try measureRebindMemory(ObservationRebind.self, cells: cells)
  default: nil
  }
}

/// A few cells bound first, unmeasured, so that what is made once per process (metadata,
/// caches) is not charged to the cells measured.
private func measureRebindMemory<S: RebindSubject>(_ subject: S.Type, cells: Int) throws(BenchmarkFailure)
  -> MemoryResult
{
  _ = try measureBoundCells(S.self, cells: 4)
  return try measureBoundCells(S.self, cells: cells)
}

private func measureBoundCells<S: RebindSubject>(_ subject: S.Type, cells: Int) throws(BenchmarkFailure)
  -> MemoryResult
{
  var made = 0
  return try measureHeap(
    creating: cells,
    on: cells,
    makeOwner: { () -> (row: S.Row, cell: RebindCell) in
      defer { made += 1 }
      return (S.makeRow(made), RebindCell())
    },
    create: { owner, _ in
      var held = S.emptyHeld()
      S.rebind(owner.cell, to: owner.row, holding: &held)
      return held
    },
    check: { owners, _, _ throws(BenchmarkFailure) in
      for (index, owner) in owners.enumerated() {
        let expected = S.shown(owner.row)
        try failIfNeeded(
          owner.cell.progressPercent == expected.percent && owner.cell.titleText == expected.title,
          "cell \(index) shows \(owner.cell.progressPercent), \(owner.cell.titleText ?? "nil"); expected \(expected)"
        )
        S.change(owner.row)
        try failIfNeeded(
          owner.cell.subtitleChanges == 1,
          "a change of row \(index) made \(owner.cell.subtitleChanges) observation calls; expected 1"
        )
      }
    },
    end: { held, _ in held.removeAll() }
  )
}
