/// Every banner finding's detector, one a line, composed into one (`DetectorPair`): the one list
/// of them. The analyzer runs this composition, so every hook reaches every detector in this
/// order, the order in which the findings of one record are reported; the findings' registry is
/// its own (`kinds`). A new finding is a new detector file and its line here.
typealias BannerDetectors = OnlineLiedDetector
    .And<StalePillDetector>
    .And<FlapSuppressedDetector>
    .And<PrefetchPillDetector>
    .And<ReloadOfflineDetector>
    .And<RelabelledToastDetector>
    .And<EmulatedOnlineDetector>
    .And<BannerDriftDetector>
