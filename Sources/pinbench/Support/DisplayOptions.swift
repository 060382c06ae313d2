import ArgumentParser

/// `--ascii` and `--no-mouse`: how the workbench uses the terminal (shared by `workbench` and `demo`).
struct DisplayOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Draw only ASCII: every marker, box line and arrow as its ASCII stand-in (the help's legend lists them).",
            discussion: "Automatic when the locale is not UTF-8 (e.g. LC_ALL=C)."))
    var ascii = false

    @Flag(
        help: ArgumentHelp(
            "Leave the mouse to the terminal (select text to copy) instead of clicks selecting rows and panes and "
                + "the wheel scrolling."))
    var noMouse = false

    @Option(
        name: .customLong("reports-db"),
        help: "The report database the Reports view (V) reads. Default: reports.db beside the manifest.")
    var reportsDB: String?
}
