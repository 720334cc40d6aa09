// A stand-in for android.os.SystemClock, on DefaultsTest's classpath only: it answers the
// reading its system property `stub.nanos` names, or throws as the Android SDK's android.jar
// does in a unit test ("Method ... not mocked"). Java, so that javac builds it in a second.
package android.os;

public final class SystemClock {
    private SystemClock() {}

    public static long elapsedRealtimeNanos() {
        String nanos = System.getProperty("stub.nanos");
        if (nanos == null) throw new RuntimeException("Method elapsedRealtimeNanos in android.os.SystemClock not mocked.");
        return Long.parseLong(nanos);
    }
}
