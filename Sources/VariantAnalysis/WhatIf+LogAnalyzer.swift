import Replay
import TurboRecording

extension WhatIf: LogAnalyzer {}
