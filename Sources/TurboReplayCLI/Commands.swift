/// Every subcommand, in the order the root help lists them; tests read their command lines
/// from here (CLITests.OptionDeclarationTests).
let commands: [Command] = [
    Command(ReplayCommand.spec, parse: ReplayCommand.Options.init, run: ReplayCommand.run),
    Command(CheckCommand.spec, parse: CheckCommand.Options.init, run: CheckCommand.run),
    Command(NativeCommand.spec, parse: NativeCommand.Options.init, run: NativeCommand.run),
    Command(SessionCommand.spec, parse: SessionCommand.Options.init, run: SessionCommand.run),
    Command(LaunchCommand.spec, parse: LaunchCommand.Options.init, run: LaunchCommand.run),
    Command(ArchiveCommand.spec, parse: ArchiveCommand.Options.init, run: ArchiveCommand.run),
    Command(ExplainCommand.spec, parse: ExplainCommand.Options.init, run: ExplainCommand.run),
    Command(StatsCommand.spec, parse: StatsCommand.Options.init, run: StatsCommand.run),
    Command(RenderCommand.spec, parse: RenderCommand.Options.init, run: RenderCommand.run),
    Command(WhatIfCommand.spec, parse: WhatIfCommand.Options.init, run: WhatIfCommand.run),
    Command(TuneCommand.spec, parse: TuneCommand.Options.init, run: TuneCommand.run),
]
