import Replay
import TurboRecording

extension BannerAnalyzer: LogAnalyzer {}
