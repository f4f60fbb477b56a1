// Kafka 4.3.1's CleanShutdownFileHandler on the log dirs the test names (tests/log/test_clean_shutdown_marker.py):
// one command a line on stdin, "read <dir>" answers the epoch it reads or "none", "write <dir> <epoch>" writes one.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.OptionalLong;

import org.apache.kafka.storage.internals.checkpoint.CleanShutdownFileHandler;

public class CleanShutdownMarkers {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.split(" ");
            CleanShutdownFileHandler handler = new CleanShutdownFileHandler(words[1]);
            if (words[0].equals("write")) {
                handler.write(Long.parseLong(words[2]));
                System.out.println("written");
            } else {
                OptionalLong epoch = handler.read();
                System.out.println(epoch.isPresent() ? Long.toString(epoch.getAsLong()) : "none");
            }
        }
    }
}
